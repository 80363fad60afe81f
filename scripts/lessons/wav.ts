// Minimal RIFF/WAVE reading and writing for 16-bit PCM mono, the format espeak-ng writes. Clip lengths are
// taken from the data itself, never from a player's estimate, so every transcript time is exact.

export interface PcmAudio {
  sampleRate: number;
  samples: Int16Array;
}

function fourCc(buffer: Buffer, offset: number): string {
  return buffer.toString('latin1', offset, offset + 4);
}

/**
 * Reads 16-bit PCM mono WAV. espeak-ng writing to stdout cannot seek back, so its RIFF and data sizes are
 * placeholders (0x7ffffff0 or similar): the data chunk is therefore clamped to the bytes actually present.
 */
export function parseWav(buffer: Buffer): PcmAudio {
  if (buffer.length < 12 || fourCc(buffer, 0) !== 'RIFF' || fourCc(buffer, 8) !== 'WAVE') {
    throw new Error('Not a RIFF/WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= buffer.length) {
    const id = fourCc(buffer, offset);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = buffer.readUInt16LE(body);
      const channels = buffer.readUInt16LE(body + 2);
      const bitsPerSample = buffer.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bitsPerSample !== 16) {
        throw new Error(`Unsupported WAV: format ${format}, ${channels} channels, ${bitsPerSample} bits`);
      }
      sampleRate = buffer.readUInt32LE(body + 4);
    } else if (id === 'data') {
      if (sampleRate === 0) throw new Error('WAV data chunk before its fmt chunk');
      const end = Math.min(body + size, buffer.length);
      const byteLength = (end - body) & ~1;
      const samples = new Int16Array(byteLength / 2);
      for (let i = 0; i < samples.length; i += 1) samples[i] = buffer.readInt16LE(body + i * 2);
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** Writes 16-bit PCM mono WAV with exact sizes. */
export function encodeWav({ sampleRate, samples }: PcmAudio): Buffer {
  const dataBytes = samples.length * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'latin1');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'latin1');
  buffer.write('fmt ', 12, 'latin1');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'latin1');
  buffer.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i += 1) buffer.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return buffer;
}

/**
 * Drops the near-silent lead-in and tail that espeak-ng puts around each clip, keeping `marginSamples` of
 * room on each side so that soft consonants at the edges are not clipped.
 */
export function trimSilence(samples: Int16Array, threshold: number, marginSamples: number): Int16Array {
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] ?? 0) <= threshold) first += 1;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) <= threshold) last -= 1;
  if (first >= samples.length) return samples.subarray(0, 0);
  return samples.subarray(Math.max(0, first - marginSamples), Math.min(samples.length, last + 1 + marginSamples));
}
