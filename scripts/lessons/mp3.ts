// Exact length of an MP3 file from its frames, without ffprobe: walks every frame header and reads the
// encoder delay and padding from the Xing/Info frame's LAME extension (which ffmpeg's libmp3lame writes), so
// the result is the decoded sample count a gapless player would give.

const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = { mpeg1: [44100, 48000, 32000], mpeg2: [22050, 24000, 16000], mpeg25: [11025, 12000, 8000] };

interface FrameHeader {
  byteLength: number;
  sampleRate: number;
  samplesPerFrame: number;
  sideInfoBytes: number;
  bitrateKbps: number;
}

/** A Layer III frame header at `offset`, or null if the bytes there are not one. */
export function readFrameHeader(data: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > data.length) return null;
  const b1 = data[offset + 1] ?? 0;
  const b2 = data[offset + 2] ?? 0;
  const b3 = data[offset + 3] ?? 0;
  if (data[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits !== 1) return null; // reserved version, or not Layer III
  const version = versionBits === 3 ? 'mpeg1' : versionBits === 2 ? 'mpeg2' : 'mpeg25';
  const bitrateKbps = BITRATES_KBPS[version === 'mpeg1' ? 'mpeg1' : 'mpeg2'][b2 >> 4];
  const sampleRate = SAMPLE_RATES[version][(b2 >> 2) & 3];
  if (!bitrateKbps || !sampleRate) return null; // free-format, bad or reserved index
  const padding = (b2 >> 1) & 1;
  const mono = b3 >> 6 === 3;
  const samplesPerFrame = version === 'mpeg1' ? 1152 : 576;
  const byteLength = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  const sideInfoBytes = version === 'mpeg1' ? (mono ? 17 : 32) : mono ? 9 : 17;
  return { byteLength, sampleRate, samplesPerFrame, sideInfoBytes, bitrateKbps };
}

function id3v2Length(data: Uint8Array): number {
  if (data.length < 10 || data[0] !== 0x49 || data[1] !== 0x44 || data[2] !== 0x33) return 0; // "ID3"
  const size = ((data[6] ?? 0) << 21) | ((data[7] ?? 0) << 14) | ((data[8] ?? 0) << 7) | (data[9] ?? 0);
  const footer = ((data[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

function ascii(data: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...data.subarray(offset, offset + length));
}

/** Encoder delay and padding from a Xing/Info frame, or null if `offset` holds an ordinary audio frame. */
function readInfoFrame(
  data: Uint8Array,
  offset: number,
  header: FrameHeader,
): { delay: number; padding: number } | null {
  const tag = offset + 4 + header.sideInfoBytes;
  const id = ascii(data, tag, 4);
  if (id !== 'Xing' && id !== 'Info') return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const flags = view.getUint32(tag + 4);
  let lame = tag + 8;
  if (flags & 1) lame += 4; // frame count
  if (flags & 2) lame += 4; // byte count
  if (flags & 4) lame += 100; // seek table
  if (flags & 8) lame += 4; // quality
  if (lame + 24 > offset + header.byteLength) return { delay: 0, padding: 0 };
  const delays = ((data[lame + 21] ?? 0) << 16) | ((data[lame + 22] ?? 0) << 8) | (data[lame + 23] ?? 0);
  return { delay: delays >> 12, padding: delays & 0xfff };
}

export interface Mp3Info {
  sampleRate: number;
  /** Audio frames, not counting the Xing/Info frame. */
  frames: number;
  /** Decoded samples after removing the encoder delay and padding. */
  samples: number;
  durationMs: number;
  bitrateKbps: number;
}

export function analyzeMp3(data: Uint8Array): Mp3Info {
  let offset = id3v2Length(data);
  let frames = 0;
  let rawSamples = 0;
  let sampleRate = 0;
  let bitrateKbps = 0;
  let trim = { delay: 0, padding: 0 };
  let firstFrame = true;
  while (offset < data.length) {
    const header = readFrameHeader(data, offset);
    if (!header) {
      if (ascii(data, offset, 3) === 'TAG' && data.length - offset === 128) break; // ID3v1 at the end
      throw new Error(`No MP3 frame at byte ${offset}`);
    }
    if (sampleRate !== 0 && header.sampleRate !== sampleRate) throw new Error('Sample rate changes mid-file');
    sampleRate = header.sampleRate;
    const info = firstFrame ? readInfoFrame(data, offset, header) : null;
    firstFrame = false;
    if (info) {
      trim = info;
    } else {
      frames += 1;
      rawSamples += header.samplesPerFrame;
      bitrateKbps = header.bitrateKbps;
    }
    offset += header.byteLength;
  }
  if (frames === 0) throw new Error('No MP3 audio frames');
  const samples = rawSamples - trim.delay - trim.padding;
  return { sampleRate, frames, samples, durationMs: (samples * 1000) / sampleRate, bitrateKbps };
}
