import { ByteReader } from './byte-reader';

/**
 * WebM (Matroska) read by its EBML elements, enough to cut an audio-only WebM between Clusters without decoding
 * (docs/decisions/051-transcribing-own-lessons.md): each piece is the file's EBML header, a Segment of unknown size,
 * its Info (with the piece's Duration) and Tracks, then whole Clusters, their Timecodes counted from the piece's start.
 */

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const VOID = 0xec;
/** The Segment's children: met inside a Cluster of unknown size, one ends it. */
const TOP_LEVEL = new Set([CLUSTER, INFO, TRACKS, 0x1c53bb6b, 0x1254c367, 0x114d9b74, 0x1043a770, 0x1941a469]);
const AUDIO_CODECS = new Set(['A_OPUS', 'A_VORBIS']);

interface ElementHeader {
  id: number;
  /** Null when the element says its size is unknown (it ends where a sibling or parent's sibling starts). */
  size: number | null;
  length: number;
}

const lengthOf = (byte: number) => (byte === 0 ? 0 : 8 - Math.floor(Math.log2(byte)));

/** The element header at the start of `bytes` (its ID with its marker bits, its size as a number), or null. */
function parseHeader(bytes: Uint8Array): ElementHeader | null {
  const idLength = lengthOf(bytes[0] ?? 0);
  if (idLength === 0 || idLength > 4 || bytes.length < idLength + 1) return null;
  const sizeLength = lengthOf(bytes[idLength]!);
  if (sizeLength === 0 || bytes.length < idLength + sizeLength) return null;
  let id = 0;
  for (let index = 0; index < idLength; index += 1) id = id * 256 + bytes[index]!;
  const mask = 0xff >> sizeLength;
  let size = bytes[idLength]! & mask;
  let unknown = size === mask;
  for (let index = 1; index < sizeLength; index += 1) {
    const byte = bytes[idLength + index]!;
    size = size * 256 + byte;
    unknown &&= byte === 0xff;
  }
  return { id, size: unknown ? null : size, length: idLength + sizeLength };
}

const peekHeader = async (reader: ByteReader) => parseHeader(await reader.peek(12));

const readUInt = (bytes: Uint8Array) => bytes.reduce((value, byte) => value * 256 + byte, 0);

/** The children of an element held in memory, between `from` and `to`. */
function children(bytes: Buffer, from: number, to: number): { id: number; start: number; end: number; data: Buffer }[] {
  const found: { id: number; start: number; end: number; data: Buffer }[] = [];
  for (let at = from; at < to;) {
    const head = parseHeader(bytes.subarray(at, to));
    if (!head || head.size === null) break;
    const end = at + head.length + head.size;
    found.push({ id: head.id, start: at, end, data: bytes.subarray(at + head.length, end) });
    at = end;
  }
  return found;
}

/** Where a WebM can be cut, and what each piece repeats before its Clusters. */
export interface WebmLayout {
  /** The EBML header as it is. */
  head: Buffer;
  /** The Info's children but its Duration, which each piece has its own of. */
  info: Buffer;
  tracks: Buffer;
  /** Nanoseconds a Timecode counts. */
  scale: number;
  /** A Cluster a piece starts at, and its Timecode. */
  cuts: { at: number; timecode: number }[];
  /** The end of the last Cluster (Cues and Tags after it are left out). */
  end: number;
  totalMs: number;
}

/** Exactly one audio track, Opus or Vorbis: a video's Clusters are not a piece of audio. */
function oneAudioTrack(tracks: Buffer, dataAt: number): boolean {
  const entries = children(tracks, dataAt, tracks.length);
  if (entries.length !== 1 || entries[0]!.id !== TRACK_ENTRY) return false;
  const fields = children(entries[0]!.data, 0, entries[0]!.data.length);
  const type = fields.find((field) => field.id === TRACK_TYPE);
  const codec = fields.find((field) => field.id === CODEC_ID);
  return !!type && readUInt(type.data) === 2 && !!codec && AUDIO_CODECS.has(codec.data.toString('latin1'));
}

/**
 * A WebM walked element by element (Clusters' blocks stepped over, never held): its header, Info and Tracks, and a cut
 * at the first Cluster whose Timecode has passed each `pieceMs`. Null for a layout this does not know (no Info or
 * Tracks before the Clusters, anything but one Opus or Vorbis track, Clusters after the Cues, a child of unknown size
 * that is not a Cluster, damage): sent whole.
 */
export async function webmLayout(stream: AsyncIterable<Uint8Array>, pieceMs: number): Promise<WebmLayout | null> {
  const reader = new ByteReader(stream);
  const ebml = await peekHeader(reader);
  if (!ebml || ebml.id !== EBML || ebml.size === null || ebml.size > 4096) return null;
  const head = await reader.read(ebml.length + ebml.size);
  const segment = await peekHeader(reader);
  if (!segment || segment.id !== SEGMENT) return null;
  await reader.skip(segment.length);
  const segmentEnd = segment.size === null ? Infinity : reader.offset + segment.size;
  let info: Buffer | null = null;
  let tracks: Buffer | null = null;
  let scale = 1_000_000;
  let durationMs = 0;
  let clustersOver = false;
  let end = 0;
  const cuts: WebmLayout['cuts'] = [];
  let last = -1;
  while (reader.offset < segmentEnd) {
    const start = reader.offset;
    const element = await peekHeader(reader);
    if (!element) break;
    if (element.id === CLUSTER) {
      if (clustersOver || !info || !tracks) return null;
      await reader.skip(element.length);
      const clusterEnd = element.size === null ? Infinity : reader.offset + element.size;
      let timecode: number | null = null;
      while (reader.offset < clusterEnd) {
        const child = await peekHeader(reader);
        if (!child || TOP_LEVEL.has(child.id)) break;
        if (child.size === null || (child.id === TIMECODE && child.size > 7)) return null;
        await reader.skip(child.length);
        if (child.id === TIMECODE) timecode = readUInt(await reader.read(child.size));
        else if ((await reader.skip(child.size)) < child.size) break;
      }
      if (timecode === null || timecode < last) return null;
      last = timecode;
      const ms = (timecode * scale) / 1e6;
      if (cuts.length === 0 || ms >= cuts.length * pieceMs) cuts.push({ at: start, timecode });
      end = reader.offset;
      continue;
    }
    if (element.size === null) return null;
    if (element.id === INFO || element.id === TRACKS) {
      if (element.size > 1_048_576) return null;
      const bytes = await reader.read(element.length + element.size);
      if (element.id === TRACKS) {
        if (!oneAudioTrack(bytes, element.length)) return null;
        tracks = bytes;
        continue;
      }
      const fields = children(bytes, element.length, bytes.length);
      const scaleField = fields.find((field) => field.id === TIMECODE_SCALE);
      if (scaleField) scale = readUInt(scaleField.data) || scale;
      const duration = fields.find((field) => field.id === DURATION);
      if (duration?.data.length === 8) durationMs = (duration.data.readDoubleBE(0) * scale) / 1e6;
      if (duration?.data.length === 4) durationMs = (duration.data.readFloatBE(0) * scale) / 1e6;
      info = Buffer.concat(
        fields.filter((field) => field.id !== DURATION).map((field) => bytes.subarray(field.start, field.end)),
      );
      continue;
    }
    if (cuts.length && element.id !== VOID) clustersOver = true;
    if ((await reader.skip(element.length + element.size)) < element.length + element.size) break;
  }
  if (!info || !tracks || cuts.length === 0) return null;
  return { head, info, tracks, scale, cuts, end, totalMs: Math.max(durationMs, (last * scale) / 1e6) };
}

/** An element's size in eight bytes (any size a WebM holds fits). */
function size8(bytes: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(bytes) | (1n << 56n));
  return out;
}

/** What a piece has before its Clusters: the EBML header, a Segment of unknown size, Info with its Duration, Tracks. */
export function webmPieceHeader(layout: WebmLayout, durationMs: number): Buffer {
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88]);
  duration.writeDoubleBE((durationMs * 1e6) / layout.scale, 3);
  return Buffer.concat([
    layout.head,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([0x15, 0x49, 0xa9, 0x66]),
    size8(layout.info.length + duration.length),
    layout.info,
    duration,
    layout.tracks,
  ]);
}

/** A piece's Clusters as they are sent: each Timecode less `timecodeFrom`, in as many bytes as before; blocks as they are. */
export async function* rebasedClusters(body: AsyncIterable<Uint8Array>, timecodeFrom: number): AsyncGenerator<Buffer> {
  const reader = new ByteReader(body);
  for (;;) {
    const element = await peekHeader(reader);
    if (!element || (element.size === null && element.id !== CLUSTER)) return;
    yield await reader.read(element.length);
    if (element.id !== CLUSTER) {
      yield* reader.pass(element.size!);
      continue;
    }
    const clusterEnd = element.size === null ? Infinity : reader.offset + element.size;
    while (reader.offset < clusterEnd) {
      const child = await peekHeader(reader);
      if (!child || TOP_LEVEL.has(child.id) || child.size === null) break;
      yield await reader.read(child.length);
      if (child.id !== TIMECODE) {
        yield* reader.pass(child.size);
        continue;
      }
      const value = readUInt(await reader.read(child.size)) - timecodeFrom;
      const out = Buffer.alloc(child.size);
      for (let index = child.size - 1, left = value; index >= 0; index -= 1, left = Math.floor(left / 256)) {
        out[index] = left % 256;
      }
      yield out;
    }
  }
}
