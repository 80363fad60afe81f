// The embedded voice's own program (docs/decisions/049-voicing-own-lessons.md): eSpeak NG, compiled to WebAssembly
// (GPL-3.0-or-later), run as a separate process that the server talks to over stdin and stdout, one JSON line each
// way per sentence: `{"id":1,"text":"…"}` in, `{"id":1,"wav":"<base64>"}` or `{"id":1,"error":"…"}` out.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

interface EspeakModule {
  FS: { writeFile(path: string, data: string): void; readFile(path: string): Uint8Array; unlink(path: string): void };
}
type Espeak = (options: Record<string, unknown>) => Promise<EspeakModule>;
/** The program's own exports: its memory, its stack, and `main` to run it again. */
interface EspeakExports {
  memory: { buffer: ArrayBuffer };
  stackSave(): number;
  stackRestore(at: number): void;
  stackAlloc(bytes: number): number;
  __main_argc_argv(argc: number, argv: number): number;
}
// The server's TypeScript has no WebAssembly types (no DOM library); these are the two calls used here.
interface Wasm {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: unknown }>;
}
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: Wasm };

const require = createRequire(import.meta.url);
const entry = require.resolve('espeak-ng');
const { default: createEspeak } = (await import(entry)) as { default: Espeak };
const compiled = await wasm.compile(await readFile(entry.replace(/espeak-ng\.js$/, 'espeak-ng.wasm')));

/** Runs of `main` on one instance before a fresh one (the padding below grows on the program's stack). */
const RUNS_PER_INSTANCE = 100;
const OPTIONS = (voice: string) => ['-v', voice, '-f', '/in.txt', '-w', '/out.wav'];

/**
 * One instance of the program, run again for each sentence: starting an instance copies eSpeak's 18 MB of data in
 * (about ten times a sentence's voicing). Its `main` reads options with getopt, whose place (`optind`) stays where
 * the last run left it and cannot be reset from outside, so each run's options come after as many placeholders as
 * the runs before it used.
 */
class Instance {
  private used = 0;
  runs = 0;

  private constructor(
    private readonly module: EspeakModule,
    private readonly program: EspeakExports,
  ) {}

  static async start(text: string, voice: string): Promise<{ instance: Instance; wav: Uint8Array }> {
    let program: EspeakExports | null = null;
    const options = OPTIONS(voice);
    const module = await createEspeak({
      arguments: options,
      preRun: [(started: EspeakModule) => started.FS.writeFile('/in.txt', text)],
      instantiateWasm: (imports: object, done: (instance: object) => void) => {
        void wasm.instantiate(compiled, imports).then((instance) => {
          program = instance.exports as EspeakExports;
          done(instance);
        });
        return {};
      },
      print: () => {},
      printErr: () => {},
    });
    const instance = new Instance(module, program!);
    instance.used = options.length + 1;
    instance.runs = 1;
    return { instance, wav: module.FS.readFile('/out.wav') };
  }

  voice(text: string, voice: string): Uint8Array {
    this.module.FS.writeFile('/in.txt', text);
    // A run that read its options wrong writes no file: reading it then fails, rather than answering the last one.
    this.module.FS.unlink('/out.wav');
    const args = ['espeak-ng', ...Array.from({ length: this.used - 1 }, () => '-'), ...OPTIONS(voice)];
    const { program } = this;
    const saved = program.stackSave();
    try {
      const encoder = new TextEncoder();
      const pointers = args.map((arg) => {
        const bytes = encoder.encode(`${arg}\0`);
        const at = program.stackAlloc(bytes.length);
        new Uint8Array(program.memory.buffer).set(bytes, at);
        return at;
      });
      const argv = program.stackAlloc((pointers.length + 1) * 4);
      const table = new Uint32Array(program.memory.buffer, argv, pointers.length + 1);
      pointers.forEach((pointer, index) => (table[index] = pointer));
      table[pointers.length] = 0;
      const status = program.__main_argc_argv(pointers.length, argv);
      if (status !== 0) throw new Error(`espeak-ng ended with ${status}`);
    } finally {
      program.stackRestore(saved);
    }
    this.used = args.length;
    this.runs += 1;
    return this.module.FS.readFile('/out.wav');
  }
}

let current: Instance | null = null;

async function voice(text: string, voiceName: string): Promise<Uint8Array> {
  if (current && current.runs < RUNS_PER_INSTANCE) return current.voice(text, voiceName);
  const { instance, wav } = await Instance.start(text, voiceName);
  current = instance;
  return wav;
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, text, voice: voiceName } = JSON.parse(line) as { id: number; text: string; voice: string };
  try {
    const wav = await voice(text, voiceName);
    process.stdout.write(`${JSON.stringify({ id, wav: Buffer.from(wav).toString('base64') })}\n`);
  } catch (error) {
    // A run that failed leaves its instance in doubt: the next sentence starts a fresh one.
    current = null;
    process.stdout.write(`${JSON.stringify({ id, error: String(error) })}\n`);
  }
}
