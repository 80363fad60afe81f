import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FRAME_WAV, FrameReader } from './child-frames';
import { SpeechError, type SpeechEngine } from './speech-engine';

/** eSpeak NG voices a sentence in well under a second; one stuck this long has hung. */
const SENTENCE_TIMEOUT_MS = 60_000;

/**
 * The child's file beside this one: the bundle's own entry once built (`dist/espeak-child.js`); from source (tests,
 * dev), the TypeScript file run through tsx's loader.
 */
export interface ChildCommand {
  file: string;
  execArgv: string[];
}

function childCommand(): ChildCommand {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(`./espeak-child.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  // The child collects what it lets go of itself (espeak-child.ts), which needs `gc` exposed. Its WebAssembly is
  // compiled once, by the baseline compiler only (`--liftoff-only`), and its young generation is small: 100 sentences
  // in one child peaked at 100 MB instead of 122 MB, no slower (docs/decisions/049-voicing-own-lessons.md).
  const execArgv = ['--max-old-space-size=128', '--max-semi-space-size=1', '--liftoff-only', '--expose-gc'];
  if (fromSource) execArgv.unshift('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  return { file, execArgv };
}

interface Pending {
  resolve(wav: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** One child and the sentences it was asked for. */
interface Running {
  process: ChildProcess;
  pending: Map<number, Pending>;
  sent: number;
  exited: Promise<void>;
}

/**
 * Sentences a child voices before it is let go and a fresh one started. eSpeak NG's module keeps every instance made
 * in its process (32 MB each, never freed), and an instance runs `main` at most 100 times (espeak-child.ts), so a
 * child kept for a long text grew by 32 MB every 100 sentences; a fresh child costs a start (about 0.3 s).
 */
export const SENTENCES_PER_CHILD = 100;

/**
 * The embedded voice (docs/decisions/049-voicing-own-lessons.md): eSpeak NG's WebAssembly build in a child process of
 * its own, started on the first sentence and kept for the next ones (up to `SENTENCES_PER_CHILD`). A crash or a hang
 * there fails the sentence with a message, never the server. Its answers come as binary frames (child-frames.ts),
 * each sentence's WAV read once into its own buffer. `command` is the tests' stand-in for the child.
 */
export function espeakEngine(
  voiceName = 'en-us',
  command: () => ChildCommand = childCommand,
  sentencesPerChild = SENTENCES_PER_CHILD,
): SpeechEngine {
  let child: Running | null = null;
  /** A child let go, until it has exited: the next is started only then, so two are never held at once. */
  let retiring: Promise<void> | null = null;
  let nextId = 1;
  const failAll = (running: Running, message: string) => {
    for (const [id, request] of running.pending) {
      clearTimeout(request.timer);
      request.reject(new SpeechError(message));
      running.pending.delete(id);
    }
  };
  const start = (): Running => {
    const { file, execArgv } = command();
    const env: NodeJS.ProcessEnv = {};
    for (const name of ['PATH', 'HOME', 'TMPDIR', 'NODE_ENV'] as const) {
      if (process.env[name] !== undefined) env[name] = process.env[name];
    }
    const started = spawn(process.execPath, [...execArgv, file], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    started.unref();
    const running: Running = {
      process: started,
      pending: new Map(),
      sent: 0,
      exited: new Promise((resolve) => started.on('exit', () => resolve())),
    };
    const reader = new FrameReader();
    started.stdout!.on('data', (chunk: Buffer) => {
      let frames;
      try {
        frames = reader.push(chunk);
      } catch {
        // Not our framing: nothing more from this child can be trusted.
        started.kill('SIGKILL');
        failAll(running, 'The embedded voice stopped while voicing this text.');
        return;
      }
      for (const frame of frames) {
        const request = running.pending.get(frame.id);
        if (!request) continue;
        running.pending.delete(frame.id);
        clearTimeout(request.timer);
        if (frame.kind === FRAME_WAV) request.resolve(frame.body);
        else request.reject(new SpeechError('The embedded voice could not say a sentence of this text.'));
      }
    });
    started.on('exit', () => {
      if (child === running) child = null;
      failAll(running, 'The embedded voice stopped while voicing this text.');
    });
    started.stdin!.on('error', () => {});
    return running;
  };
  return {
    voice: async (text) => {
      if (child && child.sent >= sentencesPerChild) {
        // Its input ended, it answers what it was asked and exits.
        retiring = child.exited;
        child.process.stdin!.end();
        child = null;
      }
      if (retiring) {
        const waiting = retiring;
        await waiting;
        if (retiring === waiting) retiring = null;
      }
      const running = (child ??= start());
      running.sent += 1;
      const id = nextId++;
      return new Promise<Uint8Array>((resolve, reject) => {
        const timer = setTimeout(() => {
          running.process.kill('SIGKILL');
          failAll(running, 'The embedded voice took too long over a sentence.');
        }, SENTENCE_TIMEOUT_MS);
        running.pending.set(id, { resolve, reject, timer });
        running.process.stdin!.write(`${JSON.stringify({ id, text, voice: voiceName })}\n`);
      });
    },
    close: () => {
      child?.process.kill();
      child = null;
    },
  };
}
