import { Worker } from 'node:worker_threads';
import type { Mp3WorkerData, Mp3WorkerInput, Mp3WorkerOutput } from './mp3-worker';

/** Speech at this loudness (RMS of the voiced parts, in dBFS) is about what podcasts are mastered to. */
const TARGET_RMS_DBFS = -18;
/** Samples quieter than this are pauses, left out of the loudness. */
const SILENCE = 32767 * 10 ** (-50 / 20);
/** Mono speech at 48 kbit/s: about 21 MB an hour. */
const KBPS = 48;

/**
 * An MP3 decodes this many samples of silence before the first one encoded (LAME's encoder delay, 576, and the
 * decoder's, 529). Browsers play it (our encoder writes no gapless header that would tell them to skip it), so a
 * sentence is heard this much later than its samples' place: the transcript's starts are moved by as much.
 */
export const MP3_DELAY_SAMPLES = 1105;

/** What the loudness pass learns of the samples: their energy where voiced, and their peak. */
export class Loudness {
  private sumSquares = 0;
  private voiced = 0;
  private peak = 0;

  add(samples: Int16Array): void {
    for (const sample of samples) {
      const size = Math.abs(sample);
      if (size > this.peak) this.peak = size;
      if (size > SILENCE) {
        this.sumSquares += sample * sample;
        this.voiced += 1;
      }
    }
  }

  /** The gain that brings the voiced parts to the target, never clipping the peak, never over 20 dB. */
  gain(): number {
    if (this.voiced === 0) return 1;
    const rms = Math.sqrt(this.sumSquares / this.voiced);
    const wanted = (32767 * 10 ** (TARGET_RMS_DBFS / 20)) / rms;
    return Math.min(wanted, (32767 * 0.97) / Math.max(this.peak, 1), 10);
  }
}

/** The encoder thread's heap: room for lamejs's garbage to die young, and a bound on what it may keep. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 64 };

/**
 * The encoder's file beside this one: the bundle's own entry once built; from source (tests, dev), the TypeScript file
 * loaded through tsx's loader, which a worker does not inherit from its parent.
 */
function startEncoder(data: Mp3WorkerData): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./mp3-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const options = { workerData: data, resourceLimits: WORKER_LIMITS };
  return fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
        { ...options, eval: true },
      )
    : new Worker(file, options);
}

/**
 * The lesson's audio written as MP3 (docs/decisions/049-voicing-own-lessons.md): the sentences' samples in order, each
 * scaled by `gain`, encoded piece by piece (never the whole lesson in memory) to `file` by a thread of its own
 * (mp3-worker.ts), one piece handed over at a time.
 */
export async function writeMp3(
  file: string,
  sampleRate: number,
  gain: number,
  pieces: AsyncIterable<Int16Array>,
): Promise<number> {
  const worker = startEncoder({ file, sampleRate, gain, kbps: KBPS });
  let answer: { resolve(message: Mp3WorkerOutput): void; reject(error: Error): void } | null = null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    answer?.reject(failure);
  };
  worker.on('message', (message: Mp3WorkerOutput) => answer?.resolve(message));
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the MP3 encoder stopped (${code})`)));
  const ask = (message: Mp3WorkerInput, transfer: ArrayBuffer[] = []) =>
    new Promise<Mp3WorkerOutput>((resolve, reject) => {
      if (failure) return reject(failure);
      answer = { resolve, reject };
      worker.postMessage(message, transfer);
    });
  try {
    for await (const piece of pieces) {
      // Handed over, not copied: a piece that is not its buffer's whole (from Node's pool) is copied out first.
      const own = piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength ? piece : piece.slice();
      await ask({ type: 'piece', samples: own }, [own.buffer as ArrayBuffer]);
    }
    const done = await ask({ type: 'end' });
    return done.type === 'done' ? done.bytes : 0;
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
