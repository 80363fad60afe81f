import { ByteReader } from './byte-reader';

/**
 * Ogg pages (RFC 3533) and Ogg Opus (RFC 7845), enough to cut an Ogg Opus file between pages without decoding
 * (docs/decisions/051-transcribing-own-lessons.md): each piece is the stream's header pages, then whole pages from a
 * page where a packet starts, their granule positions counted from the piece's start, their sequence numbers following
 * the headers', their CRCs made again, the last one marked the end of the stream.
 */

export interface OggPage {
  offset: number;
  bytes: Buffer;
  flags: number;
  granule: bigint;
  serial: number;
  /** How many packets end on this page (lacing values under 255). */
  packetsEnded: number;
  /** Whether the page's last packet goes on to the next page. */
  spills: boolean;
}

const CONTINUED = 0x01;
const FIRST = 0x02;
const LAST = 0x04;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte += 1) {
    let crc = byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    table[byte] = crc >>> 0;
  }
  return table;
})();

/** Ogg's CRC32: polynomial 0x04c11db7, not reflected, starting at 0, over the page with its CRC field zeroed. */
export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let index = 0; index < page.length; index += 1) {
    const byte = index >= 22 && index < 26 ? 0 : page[index]!;
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc >>> 0;
}

/** The pages of an Ogg stream one at a time (a page is 64 KB at most); stops at the first bytes that are no page. */
export async function* oggPages(stream: AsyncIterable<Uint8Array>): AsyncGenerator<OggPage> {
  const reader = new ByteReader(stream);
  for (;;) {
    const offset = reader.offset;
    const head = await reader.peek(27);
    if (head.length < 27 || head.toString('latin1', 0, 4) !== 'OggS' || head[4] !== 0) return;
    const count = head[26]!;
    const table = (await reader.peek(27 + count)).subarray(27);
    if (table.length < count) return;
    let body = 0;
    let packetsEnded = 0;
    for (const lacing of table) {
      body += lacing;
      if (lacing < 255) packetsEnded += 1;
    }
    const bytes = await reader.read(27 + count + body);
    if (bytes.length < 27 + count + body || oggCrc(bytes) !== bytes.readUInt32LE(22)) return;
    yield {
      offset,
      bytes,
      flags: bytes[5]!,
      granule: bytes.readBigInt64LE(6),
      serial: bytes.readUInt32LE(14),
      packetsEnded,
      spills: count > 0 && table[count - 1] === 255,
    };
  }
}

/** Where an Ogg Opus file can be cut: its header pages' length, and the pages a piece may start at. */
export interface OggLayout {
  headerBytes: number;
  headerPages: number;
  /** A page a piece may start at, and the granule position reached before it. */
  cuts: { at: number; granule: bigint }[];
  /** The end of the last page. */
  end: number;
  /** The length the last granule position gives (ms). */
  totalMs: number;
}

/** 48 kHz: an Opus granule position counts samples at that rate, whatever the input's. */
export const OPUS_MS = 48n;

/**
 * An Ogg Opus file walked page by page: its OpusHead and OpusTags pages, then a cut at the first audio page that starts
 * a packet once each `pieceMs` has passed (the time before a page is the granule position of the page before, at 48 kHz;
 * the piece's decoder drops the pre-skip the OpusHead names, so its first sample heard is that time exactly). Null for
 * anything else (Vorbis, FLAC, chained or multiplexed streams, damage): sent whole.
 */
export async function oggOpusLayout(stream: AsyncIterable<Uint8Array>, pieceMs: number): Promise<OggLayout | null> {
  let serial: number | null = null;
  let preSkip = 0n;
  let headerPackets = 0;
  let headerPages = 0;
  let headerBytes = 0;
  let granule = 0n;
  let end = 0;
  const cuts: OggLayout['cuts'] = [];
  for await (const page of oggPages(stream)) {
    if (serial === null) {
      const body = page.bytes.subarray(27 + page.bytes[26]!);
      if (!(page.flags & FIRST) || page.packetsEnded !== 1 || body.toString('latin1', 0, 8) !== 'OpusHead') return null;
      serial = page.serial;
      preSkip = BigInt(body.readUInt16LE(10));
    } else if (page.serial !== serial || page.flags & FIRST) {
      return null; // Another stream multiplexed or chained after this one.
    }
    end = page.offset + page.bytes.length;
    if (headerPackets < 2) {
      headerPackets += page.packetsEnded;
      headerPages += 1;
      headerBytes = end;
      // OpusTags ends its page (RFC 7845); audio on a header page is a layout this does not know.
      if (headerPackets > 2 || (headerPackets === 2 && page.spills)) return null;
      continue;
    }
    const passedMs = Number(granule / OPUS_MS);
    if (!(page.flags & CONTINUED) && (cuts.length === 0 || passedMs >= cuts.length * pieceMs)) {
      cuts.push({ at: page.offset, granule });
    }
    if (page.granule >= 0n) granule = page.granule;
  }
  if (cuts.length === 0 || end === 0) return null;
  return { headerBytes, headerPages, cuts, end, totalMs: Number((granule - preSkip) / OPUS_MS) };
}

/**
 * A piece's pages as they are sent: sequence numbers from `firstSequence` (after the header pages), granule positions
 * counted from `granuleFrom` (a page that ends no packet keeps -1), the last page marked the end of the stream, each
 * page's CRC made again.
 */
export async function* rebasedPages(
  body: AsyncIterable<Uint8Array>,
  granuleFrom: bigint,
  firstSequence: number,
  bytes: number,
): AsyncGenerator<Buffer> {
  let sequence = firstSequence;
  let read = 0;
  for await (const page of oggPages(body)) {
    const out = Buffer.from(page.bytes);
    read += out.length;
    if (page.granule >= 0n) out.writeBigInt64LE(page.granule - granuleFrom, 6);
    out.writeUInt32LE(sequence++, 18);
    out[5] = read >= bytes ? page.flags | LAST : page.flags & ~LAST;
    out.writeUInt32LE(oggCrc(out), 22);
    yield out;
  }
}
