import { createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Just enough of the zip format to take one file out of an Anki package without trusting it: the central
 * directory is read for names and declared sizes (nothing is inflated), and the one file wanted is inflated in
 * small steps into a buffer of its declared size, counting as it goes, so a file that grows past what it declared
 * (or past the cap) is refused after at most one step's output, before anything more is allocated
 * (docs/decisions/034-import-budget.md).
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** As the directory declares it (a zip64 size is read from its extra field). */
  size: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
/** Inflated bytes per step. */
const STEP = 64 * 1024;

function view(bytes: Uint8Array) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A 64-bit size or offset as a number; past 2^53 it is no size a package can have. */
function uint64(data: DataView, at: number): number {
  return data.getUint32(at, true) + data.getUint32(at + 4, true) * 0x1_0000_0000;
}

/** The end of central directory record, searched for from the end (after it may come a comment). */
function findDirectory(bytes: Uint8Array): { offset: number; size: number; entries: number } {
  const data = view(bytes);
  const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (data.getUint32(at, true) !== EOCD) continue;
    let entries = data.getUint16(at + 10, true);
    let size = data.getUint32(at + 12, true);
    let offset = data.getUint32(at + 16, true);
    const locator = at - 20;
    if (locator >= 0 && data.getUint32(locator, true) === ZIP64_LOCATOR) {
      const record = uint64(data, locator + 8);
      if (record + 56 > bytes.length || data.getUint32(record, true) !== ZIP64_EOCD) throw new ZipError('zip64');
      entries = uint64(data, record + 32);
      size = uint64(data, record + 40);
      offset = uint64(data, record + 48);
    }
    if (offset + size > bytes.length) throw new ZipError('directory out of bounds');
    return { offset, size, entries };
  }
  throw new ZipError('no end of central directory');
}

/** Every entry of the central directory, in one pass over it; nothing is inflated. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const directory = findDirectory(bytes);
  const data = view(bytes);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = directory.offset;
  const end = directory.offset + directory.size;
  while (at + 46 <= end && data.getUint32(at, true) === CENTRAL) {
    const method = data.getUint16(at + 10, true);
    let compressedSize = data.getUint32(at + 20, true);
    let size = data.getUint32(at + 24, true);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    let localOffset = data.getUint32(at + 42, true);
    const nameStart = at + 46;
    const next = nameStart + nameLength + extraLength + commentLength;
    if (next > end) throw new ZipError('entry out of bounds');
    const name = decoder.decode(bytes.subarray(nameStart, nameStart + nameLength));
    // Zip64: the sizes and offset that do not fit 32 bits are in the extra field, in this order.
    let extra = nameStart + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = data.getUint16(extra, true);
      const length = data.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        const fieldEnd = Math.min(field + length, extraEnd);
        if (size === 0xffffffff && field + 8 <= fieldEnd) {
          size = uint64(data, field);
          field += 8;
        }
        if (compressedSize === 0xffffffff && field + 8 <= fieldEnd) {
          compressedSize = uint64(data, field);
          field += 8;
        }
        if (localOffset === 0xffffffff && field + 8 <= fieldEnd) localOffset = uint64(data, field);
      }
      extra += 4 + length;
    }
    entries.push({ name, method, compressedSize, size, localOffset });
    at = next;
  }
  if (entries.length !== directory.entries && directory.entries !== 0xffff) throw new ZipError('entry count');
  return entries;
}

/**
 * The entry's bytes, inflated (zlib, in 64 KB steps) into a buffer of its declared size, which the caller has
 * checked against its cap. Output past the declared size stops it at once: the file is not what its directory says.
 */
export async function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const input = entryData(bytes, entry);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipError('stored size');
    return input.slice();
  }
  if (entry.method !== 8) throw new ZipError(`compression method ${entry.method}`);
  const output = new Uint8Array(entry.size);
  let written = 0;
  await new Promise<void>((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: STEP });
    inflate.on('data', (chunk: Buffer) => {
      if (written + chunk.length > output.length) {
        inflate.destroy();
        reject(new ZipError('larger than declared'));
        return;
      }
      output.set(chunk, written);
      written += chunk.length;
    });
    inflate.on('error', (error) => reject(new ZipError(error.message)));
    inflate.on('end', resolve);
    inflate.end(input);
  });
  if (written !== output.length) throw new ZipError('smaller than declared');
  return output;
}

/** The entry's bytes as stored (compressed as its method says), found through its local header. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(bytes);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || data.getUint32(local, true) !== LOCAL) throw new ZipError('local header');
  const start = local + 30 + data.getUint16(local + 26, true) + data.getUint16(local + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new ZipError('data out of bounds');
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * A small entry (a media file, whose declared size the caller has checked against its cap) inflated at once, in the
 * import's worker: zlib stops past the declared size, so a file that grows past what it declared is refused.
 */
export function inflateEntrySync(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const input = entryData(bytes, entry);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new ZipError('stored size');
    return input.slice();
  }
  if (entry.method !== 8) throw new ZipError(`compression method ${entry.method}`);
  let output: Buffer;
  try {
    output = inflateRawSync(input, { maxOutputLength: Math.max(1, entry.size) });
  } catch (error) {
    throw new ZipError(error instanceof Error ? error.message : String(error));
  }
  if (output.length !== entry.size) throw new ZipError('smaller than declared');
  return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
}
