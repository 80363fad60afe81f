import { createWriteStream } from 'node:fs';
import { openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OwnLessonAudioType } from '@turtle/shared/own-lessons';
import type { FileStore } from '../../../../core/storage/file-store';
import { Mp3FrameWalker } from './mp3-frames';
import { OPUS_MS, oggOpusLayout, rebasedPages } from './ogg-pages';
import { rebasedClusters, webmLayout, webmPieceHeader } from './webm-clusters';

/** The uploaded audio a job transcribes (the lesson's audio once made). */
export interface JobAudio {
  key: string;
  type: OwnLessonAudioType;
  bytes: number;
  durationMs: number;
}

/**
 * A stretch of the audio sent on its own: its time, its bytes (inclusive), and what goes before them (a header made for
 * it, or the file's own header bytes); its bytes may be rewritten on the way (an Ogg page's granule position, a WebM
 * Cluster's Timecode).
 */
export interface AudioPiece {
  startMs: number;
  endMs: number;
  range: { start: number; end: number } | null;
  header?: Uint8Array;
  prefix?: { start: number; end: number };
  rewrite?: (body: AsyncIterable<Uint8Array>, bytes: number) => AsyncIterable<Uint8Array>;
}

/** Two minutes a piece: the progress moves often, and a piece stays far under OpenAI's 25 MB. */
export const PIECE_MS = 120_000;
/** A WAV piece is shorter when two minutes of it would be more bytes than this. */
const PIECE_MAX_BYTES = 20 * 1024 * 1024;

const EXTENSIONS: Record<OwnLessonAudioType, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/webm': 'webm',
};
export const audioFileName = (type: OwnLessonAudioType) => `audio.${EXTENSIONS[type]}`;

const whole = (audio: JobAudio): AudioPiece[] => [{ startMs: 0, endMs: audio.durationMs, range: null }];

/** MP3 cut between frames, at the first frame starting after each two minutes (exact times from the frames). */
async function mp3Pieces(store: FileStore, audio: JobAudio, pieceMs: number): Promise<AudioPiece[]> {
  const stream = await audioStream(store, audio);
  const cuts: { at: number; ms: number }[] = [];
  let ms = 0;
  let end = 0;
  const walker = new Mp3FrameWalker((offset, frame) => {
    if (cuts.length === 0 || ms >= cuts.length * pieceMs) cuts.push({ at: offset, ms });
    ms += (frame.samples / frame.sampleRate) * 1000;
    end = offset + frame.bytes;
  });
  for await (const chunk of stream) walker.push(chunk as Buffer);
  if (cuts.length === 0) return whole(audio);
  return cuts.map((cut, index) => {
    const next = cuts[index + 1];
    return {
      startMs: Math.round(cut.ms),
      endMs: next ? Math.round(next.ms) : Math.max(Math.round(ms), audio.durationMs),
      range: { start: cut.at, end: Math.min(next ? next.at : end, audio.bytes) - 1 },
    };
  });
}

/** The audio's bytes from the store, streamed. */
async function audioStream(store: FileStore, audio: JobAudio) {
  const stream = await store.read(audio.key);
  if (!stream) throw new Error(`the audio ${audio.key} is missing from the store`);
  return stream;
}

/** A layout read from the audio's stream, the stream closed however the walk ends (it may stop at the first page). */
async function walked<T>(store: FileStore, audio: JobAudio, walk: (stream: AsyncIterable<Uint8Array>) => Promise<T>) {
  const stream = await audioStream(store, audio);
  try {
    return await walk(stream);
  } finally {
    stream.destroy();
  }
}

/**
 * Ogg Opus cut between pages: each piece its header pages, then pages from one starting a packet after each two
 * minutes, granule positions counted from there (its start exact: the granule position before it, at 48 kHz).
 */
async function oggPieces(store: FileStore, audio: JobAudio, pieceMs: number): Promise<AudioPiece[]> {
  const layout = await walked(store, audio, (stream) => oggOpusLayout(stream, pieceMs));
  if (!layout) return whole(audio);
  const startMs = (granule: bigint) => Math.round(Number(granule) / Number(OPUS_MS));
  return layout.cuts.map((cut, index) => {
    const next = layout.cuts[index + 1];
    return {
      startMs: startMs(cut.granule),
      endMs: next ? startMs(next.granule) : Math.max(layout.totalMs, audio.durationMs),
      range: { start: cut.at, end: (next ? next.at : layout.end) - 1 },
      prefix: { start: 0, end: layout.headerBytes - 1 },
      rewrite: (body, bytes) => rebasedPages(body, cut.granule, layout.headerPages, bytes),
    };
  });
}

/**
 * WebM cut between Clusters: each piece the EBML header, a Segment of unknown size, Info (with the piece's Duration)
 * and Tracks, then Clusters from the first whose Timecode has passed each two minutes, Timecodes counted from there.
 */
async function webmPieces(
  store: FileStore,
  audio: JobAudio,
  pieceMs: number,
): Promise<{ pieces: AudioPiece[]; remake?: (piece: AudioPiece) => AudioPiece }> {
  const layout = await walked(store, audio, (stream) => webmLayout(stream, pieceMs));
  if (!layout) return { pieces: whole(audio) };
  const startMs = (timecode: number) => Math.round((timecode * layout.scale) / 1e6);
  const remake = (piece: AudioPiece) => ({ ...piece, header: webmPieceHeader(layout, piece.endMs - piece.startMs) });
  const pieces = layout.cuts.map((cut, index) => {
    const next = layout.cuts[index + 1];
    return remake({
      startMs: startMs(cut.timecode),
      endMs: next ? startMs(next.timecode) : Math.max(layout.totalMs, audio.durationMs),
      range: { start: cut.at, end: (next ? next.at : layout.end) - 1 },
      rewrite: (body) => rebasedClusters(body, cut.timecode),
    });
  });
  return { pieces, remake };
}

/** A WAV file's format and where its samples are, read from its first bytes; null when they are not found there. */
function wavLayout(
  head: Buffer,
): { fmt: Buffer; dataAt: number; dataBytes: number; byteRate: number; align: number } | null {
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') return null;
  let fmt: Buffer | null = null;
  for (let at = 12; at + 8 <= head.length;) {
    const id = head.toString('ascii', at, at + 4);
    const size = head.readUInt32LE(at + 4);
    if (id === 'fmt ') fmt = head.subarray(at, at + 8 + size);
    if (id === 'data' && fmt && fmt.length >= 24) {
      return { fmt, dataAt: at + 8, dataBytes: size, byteRate: fmt.readUInt32LE(16), align: fmt.readUInt16LE(20) };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** WAV cut at whole sample frames, each piece with a header of its own. */
async function wavPieces(store: FileStore, audio: JobAudio, pieceMs: number): Promise<AudioPiece[]> {
  const stream = await store.read(audio.key, { start: 0, end: Math.min(audio.bytes, 65_536) - 1 });
  if (!stream) throw new Error(`the audio ${audio.key} is missing from the store`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const layout = wavLayout(Buffer.concat(chunks));
  if (!layout || layout.byteRate <= 0 || layout.align <= 0) return whole(audio);
  const dataBytes = Math.min(layout.dataBytes, audio.bytes - layout.dataAt);
  const frames = Math.floor(Math.min((pieceMs / 1000) * layout.byteRate, PIECE_MAX_BYTES) / layout.align);
  const step = Math.max(1, frames) * layout.align;
  const pieces: AudioPiece[] = [];
  for (let from = 0; from < dataBytes; from += step) {
    const bytes = Math.min(step, dataBytes - from);
    const header = Buffer.alloc(12 + layout.fmt.length + 8);
    header.write('RIFF', 0, 'ascii');
    header.writeUInt32LE(header.length - 8 + bytes, 4);
    header.write('WAVE', 8, 'ascii');
    layout.fmt.copy(header, 12);
    header.write('data', 12 + layout.fmt.length, 'ascii');
    header.writeUInt32LE(bytes, 16 + layout.fmt.length);
    pieces.push({
      startMs: Math.round((from / layout.byteRate) * 1000),
      endMs: Math.round(((from + bytes) / layout.byteRate) * 1000),
      range: { start: layout.dataAt + from, end: layout.dataAt + from + bytes - 1 },
      header,
    });
  }
  return pieces.length ? pieces : whole(audio);
}

/**
 * How the audio is sent (docs/decisions/051-transcribing-own-lessons.md): MP3, WAV, Ogg Opus and WebM in pieces of two
 * minutes, cut without decoding, so the card shows how far it is; an M4A whole, as one piece (its sample tables are
 * at one end of the file and describe all of it: a piece needs them written anew). The same audio always gives the
 * same pieces, so a job taken up again goes on at the piece it was at.
 */
export async function planPieces(store: FileStore, audio: JobAudio, pieceMs = PIECE_MS): Promise<AudioPiece[]> {
  if (audio.type === 'audio/mpeg') return withoutCrumb(await mp3Pieces(store, audio, pieceMs));
  if (audio.type === 'audio/wav') return withoutCrumb(await wavPieces(store, audio, pieceMs), wavRemake);
  if (audio.type === 'audio/ogg') return withoutCrumb(await oggPieces(store, audio, pieceMs));
  if (audio.type === 'audio/webm') {
    const { pieces, remake } = await webmPieces(store, audio, pieceMs);
    return withoutCrumb(pieces, remake);
  }
  return whole(audio);
}

/** A last piece this short joins the one before (a file a few ms over 20 minutes is ten pieces, not eleven). */
const CRUMB_MS = 10_000;

/**
 * Services refuse audio under a tenth of a second, and a sentence needs more than that anyway. `remake` makes the joined
 * piece's header again (a WAV's says how many bytes follow, a WebM's how long it is).
 */
function withoutCrumb(pieces: AudioPiece[], remake = (piece: AudioPiece) => piece): AudioPiece[] {
  const last = pieces.at(-1);
  const before = pieces.at(-2);
  if (!last || !before || last.endMs - last.startMs >= CRUMB_MS || !last.range || !before.range) return pieces;
  const merged = remake({ ...before, endMs: last.endMs, range: { start: before.range.start, end: last.range.end } });
  return [...pieces.slice(0, -2), merged];
}

/** The WAV header says how many bytes of samples follow. */
function wavRemake(piece: AudioPiece): AudioPiece {
  const header = Buffer.from(piece.header!);
  const bytes = piece.range!.end - piece.range!.start + 1;
  header.writeUInt32LE(header.length - 8 + bytes, 4);
  header.writeUInt32LE(bytes, header.length - 4);
  return { ...piece, header };
}

/**
 * The piece as a file in the store's scratch folder, read as a Blob from there (never held whole in memory, whatever
 * its size); `done` removes it.
 */
export async function pieceFile(
  store: FileStore,
  audio: JobAudio,
  piece: AudioPiece,
): Promise<{ blob: Blob; done: () => Promise<void> }> {
  const prefix = piece.prefix ? await store.read(audio.key, piece.prefix) : null;
  const body = await store.read(audio.key, piece.range ?? undefined);
  if (!body || (piece.prefix && !prefix)) {
    prefix?.destroy();
    body?.destroy();
    throw new Error(`the audio ${audio.key} is missing from the store`);
  }
  const scratch = await store.scratchPath();
  const done = () => rm(scratch, { force: true });
  try {
    const parts = async function* () {
      if (piece.header) yield piece.header;
      if (prefix) yield* prefix;
      const bytes = piece.range ? piece.range.end - piece.range.start + 1 : audio.bytes;
      yield* piece.rewrite ? piece.rewrite(body, bytes) : body;
    };
    await pipeline(Readable.from(parts()), createWriteStream(scratch));
    return { blob: await openAsBlob(scratch), done };
  } catch (error) {
    await done();
    throw error;
  } finally {
    prefix?.destroy();
    body.destroy();
  }
}
