import { describe, expect, it } from 'vitest';
import { analyzeMp3, readFrameHeader } from './mp3';

// MPEG-2 Layer III, no CRC, 48 kbit/s, 22,050 Hz, mono: 576 samples in 156 bytes (72 * 48000 / 22050, rounded down).
const HEADER = [0xff, 0xf3, 0x60, 0xc0];
const FRAME_BYTES = 156;

function frame(): number[] {
  return [...HEADER, ...new Array<number>(FRAME_BYTES - HEADER.length).fill(0)];
}

/** An "Info" frame with a frame count and a LAME extension carrying the encoder delay and padding. */
function infoFrame(frames: number, delay: number, padding: number): number[] {
  const bytes = frame();
  const tag = 4 + 9; // after the header and the mono MPEG-2 side information
  bytes.splice(tag, 8, ...[...'Info'].map((c) => c.charCodeAt(0)), 0, 0, 0, 1);
  bytes.splice(tag + 8, 4, (frames >> 24) & 0xff, (frames >> 16) & 0xff, (frames >> 8) & 0xff, frames & 0xff);
  const lame = tag + 12;
  bytes.splice(lame, 4, ...[...'Lavc'].map((c) => c.charCodeAt(0)));
  bytes.splice(lame + 21, 3, delay >> 4, ((delay & 0xf) << 4) | (padding >> 8), padding & 0xff);
  return bytes;
}

describe('readFrameHeader', () => {
  it('reads a Layer III header', () => {
    expect(readFrameHeader(Uint8Array.from(HEADER), 0)).toEqual({
      byteLength: FRAME_BYTES,
      sampleRate: 22_050,
      samplesPerFrame: 576,
      sideInfoBytes: 9,
      bitrateKbps: 48,
    });
  });

  it('refuses bytes that are not a frame header', () => {
    expect(readFrameHeader(Uint8Array.from([0x49, 0x44, 0x33, 0x04]), 0)).toBeNull();
    expect(readFrameHeader(Uint8Array.from([0xff, 0xf3, 0xf0, 0xc0]), 0)).toBeNull(); // bad bitrate index
  });
});

describe('analyzeMp3', () => {
  it('counts audio frames and removes the encoder delay and padding', () => {
    const data = Uint8Array.from([...infoFrame(10, 1105, 300), ...Array.from({ length: 10 }, frame).flat()]);
    const info = analyzeMp3(data);
    expect(info.frames).toBe(10);
    expect(info.samples).toBe(10 * 576 - 1105 - 300);
    expect(info.durationMs).toBeCloseTo((4355 / 22_050) * 1000, 6);
  });

  it('skips a leading ID3v2 tag and counts frames without an Info frame', () => {
    const id3 = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5];
    const info = analyzeMp3(Uint8Array.from([...id3, ...frame(), ...frame()]));
    expect(info.samples).toBe(2 * 576);
  });

  it('fails on bytes that are not MP3 frames', () => {
    expect(() => analyzeMp3(Uint8Array.from([...frame(), 1, 2, 3, 4]))).toThrow(/No MP3 frame at byte 156/);
  });
});
