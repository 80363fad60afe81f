/**
 * MPEG audio frame headers (docs/decisions/051-transcribing-own-lessons.md): enough to cut an MP3 between frames, where
 * each piece is still an MP3 a speech-to-text service reads, and to know the time at each cut from the frames' sample
 * counts. No decoding: the frames' bytes are kept as they are.
 */

const BITRATES_KBPS: Record<string, readonly number[]> = {
  'v1-l1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  'v1-l2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  'v1-l3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'v2-l1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  'v2-l2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

export interface Mp3Frame {
  bytes: number;
  samples: number;
  sampleRate: number;
}

/** The frame whose header starts at `at`, or null when the bytes there are no MPEG audio header. */
export function frameAt(data: Uint8Array, at: number): Mp3Frame | null {
  if (at + 4 > data.length || data[at] !== 0xff || (data[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (data[at + 1]! >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (data[at + 1]! >> 1) & 3; // 3: layer I, 2: layer II, 1: layer III
  const bitrateIndex = data[at + 2]! >> 4;
  const rateIndex = (data[at + 2]! >> 2) & 3;
  const padding = (data[at + 2]! >> 1) & 1;
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const v1 = version === 3;
  const table = v1 ? `v1-l${4 - layer}` : layer === 3 ? 'v2-l1' : 'v2-l2';
  const bitrate = BITRATES_KBPS[table]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  if (layer === 3) return { bytes: (Math.floor((12 * bitrate) / sampleRate) + padding) * 4, samples: 384, sampleRate };
  const samples = layer === 2 || v1 ? 1152 : 576;
  return { bytes: Math.floor(((samples / 8) * bitrate) / sampleRate) + padding, samples, sampleRate };
}

/** Whether the frame at `at` is a Xing, Info or VBRI header (looked for in its first 40 bytes after the header). */
function isInfoFrame(data: Uint8Array, at: number, frame: Mp3Frame): boolean {
  const text = Buffer.from(data.subarray(at + 4, Math.min(at + 44, at + frame.bytes, data.length))).toString('latin1');
  return /Xing|Info|VBRI/.test(text);
}

/** The length of an ID3v2 tag at the start of the file (its header, body and footer), or 0. */
export function id3Length(head: Uint8Array): number {
  if (head.length < 10 || head[0] !== 0x49 || head[1] !== 0x44 || head[2] !== 0x33) return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  return 10 + size + (head[5]! & 0x10 ? 10 : 0);
}

/**
 * Walks an MP3 given chunk by chunk (never held whole), calling `onFrame` with each frame's offset. Bytes that are no
 * frame (a tag at the end, damage) are stepped over one at a time until a header follows; a frame found that way counts
 * only if another header follows it, so a stray sync pattern in a tag is not taken for audio.
 */
export class Mp3FrameWalker {
  private carry: Uint8Array = new Uint8Array(0);
  private carryAt = 0;
  private next = 0;
  private inSync = false;
  private frames = 0;

  constructor(private readonly onFrame: (offset: number, frame: Mp3Frame) => void) {}

  push(chunk: Uint8Array): void {
    const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const dataAt = this.carryAt;
    let index = this.next - dataAt;
    if (index === 0 && this.next === 0) index = this.skipTag(data);
    while (index >= 0 && index + 4 <= data.length) {
      const frame = frameAt(data, index);
      if (frame && !this.inSync) {
        // Only a header followed by another is taken (or the file's last bytes, if fewer than a header remain).
        if (index + frame.bytes + 4 > data.length && index + frame.bytes < data.length) break;
        if (index + frame.bytes + 4 <= data.length && !frameAt(data, index + frame.bytes)) {
          index += 1;
          continue;
        }
      }
      if (!frame) {
        this.inSync = false;
        index += 1;
        continue;
      }
      this.inSync = true;
      // The encoder's Xing/Info frame holds no sound but the whole file's length, which a piece must not claim.
      if (!(this.frames++ === 0 && isInfoFrame(data, index, frame))) this.onFrame(dataAt + index, frame);
      index += frame.bytes;
    }
    this.next = dataAt + index;
    if (index < data.length) {
      this.carry = data.subarray(index);
      this.carryAt = dataAt + index;
    } else {
      this.carry = new Uint8Array(0);
      this.carryAt = dataAt + data.length;
    }
  }

  private skipTag(data: Uint8Array): number {
    return id3Length(data);
  }
}
