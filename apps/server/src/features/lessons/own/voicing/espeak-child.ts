// The embedded voice's own program (docs/decisions/049-voicing-own-lessons.md): eSpeak NG, compiled to WebAssembly
// (GPL-3.0-or-later), run as a separate process that the server talks to over stdin and stdout: a JSON line per
// sentence in (`{"id":1,"text":"…","voice":"en-us"}`), a binary frame out (child-frames.ts: a header, then the WAV
// file's bytes or an error's text).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { FRAME_ERROR, FRAME_WAV, frameHeader } from './child-frames';

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

/**
 * A full collection now (the server starts this program with `--expose-gc`). What is let go here is memory outside
 * the JS heap (the 18 MB file read for compiling, each sentence's WAV), which V8 would otherwise keep well past its
 * use while the heap itself stays small (measured: the child's peak 160 MB before, 141 MB after).
 */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
collect();
/** Sentences between collections of their WAVs. */
const COLLECT_EVERY = 10;

/**
 * Runs of `main` on one instance before a fresh one (the padding below grows on the program's stack). The server lets
 * this process go after as many sentences (espeak-engine.ts): an instance's memory is never freed in it.
 */
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
  // The instance before is let go first, so two are never held at once.
  current = null;
  collect();
  const { instance, wav } = await Instance.start(text, voiceName);
  current = instance;
  return wav;
}

/** The frame's header and then its bytes, waiting for the pipe to take them before the next sentence. */
async function send(id: number, kind: typeof FRAME_WAV | typeof FRAME_ERROR, body: Uint8Array): Promise<void> {
  process.stdout.write(frameHeader(id, kind, body.length));
  if (!process.stdout.write(body)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

let answered = 0;
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, text, voice: voiceName } = JSON.parse(line) as { id: number; text: string; voice: string };
  let answer: { kind: typeof FRAME_WAV | typeof FRAME_ERROR; body: Uint8Array };
  try {
    answer = { kind: FRAME_WAV, body: await voice(text, voiceName) };
  } catch (error) {
    // A run that failed leaves its instance in doubt: the next sentence starts a fresh one.
    current = null;
    answer = { kind: FRAME_ERROR, body: Buffer.from(String(error)) };
  }
  await send(id, answer.kind, answer.body);
  answered += 1;
  if (answered % COLLECT_EVERY === 0) collect();
}
