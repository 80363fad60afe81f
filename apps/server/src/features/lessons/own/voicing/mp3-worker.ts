// The lesson's MP3 encoder in a thread of its own (docs/decisions/049-voicing-own-lessons.md). lamejs makes a great
// deal of short-lived garbage (about 2.6 GB of small typed arrays for ten minutes of speech); in the server's own heap,
// whose young generation is held small (decision 031), it was promoted and piled up to about 130 MB before each full
// collection. Here it has its own small heap, with room for it to die young.
import { closeSync, openSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { Mp3Encoder } from '@breezystack/lamejs';

export interface Mp3WorkerData {
  file: string;
  sampleRate: number;
  gain: number;
  kbps: number;
}
/** From the server: a sentence's samples (transferred), or the end. */
export type Mp3WorkerInput = { type: 'piece'; samples: Int16Array } | { type: 'end' };
/** To the server: ready for the next piece, or all written. */
export type Mp3WorkerOutput = { type: 'next' } | { type: 'done'; bytes: number };

const { file, sampleRate, gain, kbps } = workerData as Mp3WorkerData;
const port = parentPort!;
const fd = openSync(file, 'w');
const encoder = new Mp3Encoder(1, sampleRate, kbps);
let bytes = 0;
const write = (chunk: Uint8Array) => {
  if (chunk.length === 0) return;
  bytes += chunk.length;
  writeSync(fd, chunk);
};

port.on('message', (message: Mp3WorkerInput) => {
  if (message.type === 'end') {
    write(encoder.flush());
    closeSync(fd);
    port.postMessage({ type: 'done', bytes } satisfies Mp3WorkerOutput);
    return;
  }
  const piece = message.samples;
  // Scaled in place: the samples were handed over and are this thread's alone.
  for (let i = 0; i < piece.length; i += 1) {
    piece[i] = Math.max(-32768, Math.min(32767, Math.round(piece[i]! * gain)));
  }
  for (let at = 0; at < piece.length; at += 1152 * 16) write(encoder.encodeBuffer(piece.subarray(at, at + 1152 * 16)));
  port.postMessage({ type: 'next' } satisfies Mp3WorkerOutput);
});
