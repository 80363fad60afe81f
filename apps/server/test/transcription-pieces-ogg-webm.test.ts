import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalFileStore } from '../src/core/storage/local-file-store';
import type { FileStore } from '../src/core/storage/file-store';
import { pieceFile, planPieces, type JobAudio } from '../src/features/lessons/own/transcribing/audio-pieces';

/**
 * docs/decisions/051-transcribing-own-lessons.md: an Ogg Opus file is cut between pages and a WebM between Clusters into
 * pieces of about two minutes, without decoding; each piece is a file of its own that ffmpeg decodes from its start to
 * its length, starting exactly where the original's packets do. A layout not known (Vorbis in Ogg, two streams one
 * after the other) goes whole.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const run = promisify(execFile);

let dir: string;
let store: FileStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'turtle-pieces-ogg-'));
  store = await openLocalFileStore(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A tone of `seconds` encoded by ffmpeg as a recorder or converter writes it (`pipe` as a live stream: no sizes). */
async function encoded(format: 'ogg' | 'webm', codec: string, seconds: number, pipe = false): Promise<Buffer> {
  const output = path.join(dir, `made.${format}`);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=300:duration=${seconds}`,
  ];
  args.push('-c:a', codec, '-b:a', '48k', '-f', format, pipe ? 'pipe:1' : output);
  const { stdout } = await run('ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return pipe ? stdout : readFile(output);
}

let kept = 0;
async function keep(bytes: Buffer, type: JobAudio['type'], durationMs: number): Promise<JobAudio> {
  const scratch = await store.scratchPath();
  await writeFile(scratch, bytes);
  const key = `lessons/u/${(kept += 1)}`;
  await store.keep(key, scratch);
  return { key, type, bytes: bytes.length, durationMs };
}

/** What ffmpeg makes of a file: its packets' times (ms), and its length decoded to 48 kHz samples (ms). */
async function probe(bytes: Uint8Array, name: string): Promise<{ packetsMs: number[]; decodedMs: number }> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const packets = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file]);
  const decoded = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '48000', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(decoded.stderr.toString(), `ffmpeg decoding ${name}`).toBe('');
  return {
    // One line a packet ("-0.006500," when it has side data), blank lines between.
    packetsMs: packets.stdout
      .split('\n')
      .map((line) => parseFloat(line))
      .filter(Number.isFinite)
      .map((seconds) => Math.round(seconds * 1000)),
    decodedMs: decoded.stdout.length / 2 / 48,
  };
}

async function piecesOf(audio: JobAudio, name: string) {
  const pieces = await planPieces(store, audio);
  const made = [];
  for (const piece of pieces) {
    const { blob, done } = await pieceFile(store, audio, piece);
    made.push({ piece, ...(await probe(new Uint8Array(await blob.arrayBuffer()), name)) });
    await done();
  }
  return made;
}

describe('Ogg and WebM cut into pieces for speech-to-text', () => {
  for (const [format, codec, type] of [
    ['ogg', 'libopus', 'audio/ogg'],
    ['webm', 'libopus', 'audio/webm'],
    ['webm', 'libvorbis', 'audio/webm'],
  ] as const) {
    it(`cuts a ${format} of ${codec} into pieces that decode to two minutes each, starting where its packets do`, async () => {
      const bytes = await encoded(format, codec, 300);
      const original = await probe(bytes, `original.${format}`);
      const audio = await keep(bytes, type, Math.round(original.decodedMs));
      const made = await piecesOf(audio, `piece.${format}`);
      expect(made).toHaveLength(3);
      made.forEach(({ piece, packetsMs, decodedMs }, index) => {
        // Cut at the first page or Cluster after each two minutes (ffmpeg writes one a second, a Cluster every 5 s at most).
        expect(piece.startMs - index * 120_000).toBeGreaterThanOrEqual(0);
        expect(piece.startMs - index * 120_000).toBeLessThan(5_500);
        // Exact: a packet of the original starts there (ffmpeg puts an Opus packet's time its pre-skip, 6.5 ms, before
        // the first sample heard from it).
        const delay = codec === 'libopus' ? 6.5 : 0;
        const found = original.packetsMs.some((ms) => Math.abs(ms - (piece.startMs - delay)) <= 1);
        expect(found, `a packet at ${piece.startMs - delay} ms`).toBe(true);
        // Decoded from its own start, the piece is as long as its stretch of the original (less a pre-skip).
        expect(Math.abs(decodedMs - (piece.endMs - piece.startMs))).toBeLessThan(30);
        expect(Math.min(...packetsMs)).toBeLessThanOrEqual(0);
      });
      expect(made.slice(0, 2).map(({ piece }) => piece.endMs)).toEqual([
        made[1]!.piece.startMs,
        made[2]!.piece.startMs,
      ]);
      expect(Math.abs(made[2]!.piece.endMs - audio.durationMs)).toBeLessThan(30);
      const sum = made.reduce((total, { decodedMs }) => total + decodedMs, 0);
      expect(Math.abs(sum - original.decodedMs)).toBeLessThan(60);
      // Back to back: no byte sent twice or left out between two pieces.
      expect(made[1]!.piece.range!.start).toBe(made[0]!.piece.range!.end + 1);
    });
  }

  it('joins a last piece under ten seconds to the one before, in Ogg and in WebM', async () => {
    for (const [format, type] of [
      ['ogg', 'audio/ogg'],
      ['webm', 'audio/webm'],
    ] as const) {
      const audio = await keep(await encoded(format, 'libopus', 245), type, 245_000);
      const made = await piecesOf(audio, `short.${format}`);
      expect(made.map(({ decodedMs }) => Math.round(decodedMs / 1000))).toEqual([
        Math.round(made[0]!.piece.endMs / 1000),
        Math.round((245_000 - made[0]!.piece.endMs) / 1000),
      ]);
    }
  });

  it('cuts a WebM written as a live stream (a Segment and Clusters of unknown size, no Cues)', async () => {
    const audio = await keep(await encoded('webm', 'libopus', 260, true), 'audio/webm', 260_000);
    const made = await piecesOf(audio, 'live.webm');
    expect(made).toHaveLength(3);
    for (const { decodedMs } of made.slice(0, 2)) expect(decodedMs).toBeGreaterThan(115_000);
    for (const { decodedMs } of made.slice(0, 2)) expect(decodedMs).toBeLessThan(126_000);
    const sum = made.reduce((total, { decodedMs }) => total + decodedMs, 0);
    expect(Math.abs(sum - 260_000)).toBeLessThan(60);
  });

  it('sends whole an Ogg it cannot cut: Vorbis, or two streams one after the other', async () => {
    const vorbis = await keep(await encoded('ogg', 'libvorbis', 130), 'audio/ogg', 130_000);
    expect(await planPieces(store, vorbis)).toEqual([{ startMs: 0, endMs: 130_000, range: null }]);
    const opus = await encoded('ogg', 'libopus', 130);
    const chained = await keep(Buffer.concat([opus, opus]), 'audio/ogg', 260_000);
    expect(await planPieces(store, chained)).toEqual([{ startMs: 0, endMs: 260_000, range: null }]);
  });
});
