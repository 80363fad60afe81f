import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SpeechError, type SpeechEngine } from './speech-engine';

/** eSpeak NG voices a sentence in well under a second; one stuck this long has hung. */
const SENTENCE_TIMEOUT_MS = 60_000;

/**
 * The child's file beside this one: the bundle's own entry once built (`dist/espeak-child.js`); from source (tests,
 * dev), the TypeScript file run through tsx's loader.
 */
function childCommand(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(`./espeak-child.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  const execArgv = ['--max-old-space-size=128'];
  if (fromSource) execArgv.unshift('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  return { file, execArgv };
}

interface Pending {
  resolve(wav: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The embedded voice (docs/decisions/049-voicing-own-lessons.md): eSpeak NG's WebAssembly build in a child process of
 * its own, started on the first sentence and kept for the next ones. A crash or a hang there fails the sentence with
 * a message, never the server.
 */
export function espeakEngine(voiceName = 'en-us'): SpeechEngine {
  let child: ChildProcess | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const failAll = (message: string) => {
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      request.reject(new SpeechError(message));
      pending.delete(id);
    }
  };
  const start = (): ChildProcess => {
    const { file, execArgv } = childCommand();
    const env: NodeJS.ProcessEnv = {};
    for (const name of ['PATH', 'HOME', 'TMPDIR', 'NODE_ENV'] as const) {
      if (process.env[name] !== undefined) env[name] = process.env[name];
    }
    const started = spawn(process.execPath, [...execArgv, file], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    started.unref();
    createInterface({ input: started.stdout! }).on('line', (line) => {
      const answer = JSON.parse(line) as { id: number; wav?: string; error?: string };
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      clearTimeout(request.timer);
      if (answer.wav) request.resolve(Buffer.from(answer.wav, 'base64'));
      else request.reject(new SpeechError('The embedded voice could not say a sentence of this text.'));
    });
    started.on('exit', () => {
      if (child === started) child = null;
      failAll('The embedded voice stopped while voicing this text.');
    });
    started.stdin!.on('error', () => {});
    return started;
  };
  return {
    voice: (text) =>
      new Promise((resolve, reject) => {
        const running = (child ??= start());
        const id = nextId++;
        const timer = setTimeout(() => {
          running.kill('SIGKILL');
          failAll('The embedded voice took too long over a sentence.');
        }, SENTENCE_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        running.stdin!.write(`${JSON.stringify({ id, text, voice: voiceName })}\n`);
      }),
    close: () => {
      child?.kill();
      child = null;
    },
  };
}
