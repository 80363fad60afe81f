import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalFileStore } from '../src/core/storage/local-file-store';
import type { FileStore } from '../src/core/storage/file-store';
import { pieceFile, planPieces, type JobAudio } from '../src/features/lessons/own/transcribing/audio-pieces';
import { podcastAudio } from './support/podcast-audio';

/**
 * docs/decisions/051-transcribing-own-lessons.md: an MP3 is cut between frames and a WAV at whole samples into pieces of
 * two minutes, each a file of its own kind whose length is its piece's; an M4A goes whole (Ogg and WebM:
 * transcription-pieces-ogg-webm.test.ts).
 */

let dir: string;
let store: FileStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'turtle-pieces-'));
  store = await openLocalFileStore(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function kept(bytes: Buffer, type: JobAudio['type'], durationMs: number): Promise<JobAudio> {
  const scratch = await store.scratchPath();
  await writeFile(scratch, bytes);
  const key = `lessons/u/${type.replace('/', '-')}`;
  await store.keep(key, scratch);
  return { key, type, bytes: bytes.length, durationMs };
}

async function piecesPlayed(audio: JobAudio, fileName: string) {
  const lengths: number[] = [];
  for (const piece of await planPieces(store, audio)) {
    const { blob, done } = await pieceFile(store, audio, piece);
    const { format } = await parseBuffer(
      new Uint8Array(await blob.arrayBuffer()),
      { path: fileName },
      { duration: true },
    );
    lengths.push(Math.round(format.duration ?? 0));
    await done();
  }
  return lengths;
}

describe('audio cut into pieces for speech-to-text', () => {
  it('cuts an MP3 with tags and a cover between frames, each piece an MP3 of two minutes, the last the rest', async () => {
    const audio = await kept(await podcastAudio('mp3', 300), 'audio/mpeg', 300_000);
    const pieces = await planPieces(store, audio);
    expect(pieces.map((piece) => [Math.round(piece.startMs / 1000), Math.round(piece.endMs / 1000)])).toEqual([
      [0, 120],
      [120, 240],
      [240, 300],
    ]);
    // Back to back: no byte sent twice or left out between two pieces.
    expect(pieces[1]!.range!.start).toBe(pieces[0]!.range!.end + 1);
    expect(await piecesPlayed(audio, 'audio.mp3')).toEqual([120, 120, 60]);
    expect(await readdir(path.join(dir, '.scratch')).catch(() => [])).toEqual([]);
  });

  it('cuts a WAV at whole samples, each piece with its own header', async () => {
    const audio = await kept(await podcastAudio('wav', 250), 'audio/wav', 250_000);
    expect((await planPieces(store, audio)).map((piece) => piece.startMs)).toEqual([0, 120_000, 240_000]);
    expect(await piecesPlayed(audio, 'audio.wav')).toEqual([120, 120, 10]);
  });

  it('joins a last piece under ten seconds to the one before', async () => {
    const mp3 = await kept(await podcastAudio('mp3', 245), 'audio/mpeg', 245_000);
    expect((await planPieces(store, mp3)).map((piece) => Math.round(piece.endMs / 1000))).toEqual([120, 245]);
    expect(await piecesPlayed(mp3, 'audio.mp3')).toEqual([120, 125]);
    const wav = await kept(await podcastAudio('wav', 244), 'audio/wav', 244_000);
    expect(await piecesPlayed(wav, 'audio.wav')).toEqual([120, 124]);
  });

  it('sends an M4A whole', async () => {
    const audio = await kept(await podcastAudio('m4a', 5), 'audio/mp4', 5000);
    expect(await planPieces(store, audio)).toEqual([{ startMs: 0, endMs: 5000, range: null }]);
    expect(await piecesPlayed(audio, 'audio.m4a')).toEqual([5]);
  });
});
