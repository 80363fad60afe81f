/** Mono 16-bit samples and their rate: a voiced sentence as the lesson's audio is built from it. */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

export class NotWavError extends Error {}

/**
 * A RIFF WAVE file's 16-bit PCM, mixed down to mono (docs/decisions/049-voicing-own-lessons.md): what eSpeak NG writes
 * and what a speech service sends for `response_format: "wav"`. Streaming writers leave the sizes at 0 or 0xFFFFFFFF,
 * so a data chunk runs to the end of the file whatever its header says.
 */
export function parseWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new NotWavError('not a WAVE file');
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number; code: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        code: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new NotWavError('no format before the samples');
      const { code, channels, sampleRate, bits } = format;
      if ((code !== 1 && code !== 0xfffe) || bits !== 16 || channels < 1 || sampleRate < 8000) {
        throw new NotWavError(`not 16-bit PCM (format ${code}, ${bits} bits)`);
      }
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame += 1) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel += 1) {
          sum += view.getInt16(body + 2 * (frame * channels + channel), true);
        }
        samples[frame] = Math.round(sum / channels);
      }
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new NotWavError('no samples');
}

/** A mono 16-bit WAVE file of these samples (the tests' fake speech service answers with these). */
export function wavFile({ sampleRate, samples }: Pcm): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const write = (at: number, text: string) => [...text].forEach((c, i) => (bytes[at + i] = c.charCodeAt(0)));
  write(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  write(8, 'WAVE');
  write(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  write(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i += 1) view.setInt16(44 + 2 * i, samples[i]!, true);
  return bytes;
}
