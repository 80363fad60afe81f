import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Mp3Encoder } from '@breezystack/lamejs';

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

/**
 * The lesson's audio written as MP3 (docs/decisions/049-voicing-own-lessons.md): the sentences' samples in order, each
 * scaled by `gain`, encoded piece by piece (never the whole lesson in memory) to `file`.
 */
export async function writeMp3(
  file: string,
  sampleRate: number,
  gain: number,
  pieces: AsyncIterable<Int16Array>,
): Promise<number> {
  const out = createWriteStream(file);
  const encoder = new Mp3Encoder(1, sampleRate, KBPS);
  let bytes = 0;
  const write = async (chunk: Uint8Array) => {
    if (chunk.length === 0) return;
    bytes += chunk.length;
    if (!out.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length))) await once(out, 'drain');
  };
  try {
    for await (const piece of pieces) {
      const scaled = new Int16Array(piece.length);
      for (let i = 0; i < piece.length; i += 1) {
        scaled[i] = Math.max(-32768, Math.min(32767, Math.round(piece[i]! * gain)));
      }
      for (let at = 0; at < scaled.length; at += 1152 * 16)
        await write(encoder.encodeBuffer(scaled.subarray(at, at + 1152 * 16)));
    }
    await write(encoder.flush());
  } finally {
    out.end();
    await once(out, 'close');
  }
  return bytes;
}
