import { Decompress } from 'fzstd';

/**
 * Which collection file of an Anki package to read, as Anki decides it (docs/decisions/034-import-budget.md, "Anki's
 * current package format"), and the two small formats its current packages add: the `meta` file (a protobuf
 * `PackageMetadata { Version version = 1; }`) and zstd, in which the current format's `collection.anki21b` is
 * compressed.
 *
 * - `meta` says 1 (legacy 1): `collection.anki2`; 2 (legacy 2): `collection.anki21`; 3 (latest):
 *   `collection.anki21b`, zstd-compressed, in schema 18. Any other version is a package from a newer Anki.
 * - no `meta`: a legacy package, `collection.anki21` when there is one, else `collection.anki2`.
 *
 * Anki 2.1.50 and later write `meta` 3 with a dummy `collection.anki2` beside the real collection, a single note
 * asking to update Anki: it is never read when `meta` names another file.
 */

export type PackageVersion = 1 | 2 | 3;

export const COLLECTION_FILES: Record<PackageVersion, string> = {
  1: 'collection.anki2',
  2: 'collection.anki21',
  3: 'collection.anki21b',
};

export class PackageFormatError extends Error {}

/** Reads protobuf's wire format, just enough for the few small messages of a package. */
export class ProtoReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done() {
    return this.at >= this.bytes.length;
  }

  /** A varint as a number (exact up to 2^53; the values read here are enums, sizes and lengths). */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (let index = 0; index < 10; index++) {
      if (this.at >= this.bytes.length) throw new PackageFormatError('varint past the end');
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    throw new PackageFormatError('varint too long');
  }

  /** The next field's number and wire type. */
  tag(): { field: number; wire: number } {
    const key = this.varint();
    return { field: Math.floor(key / 8), wire: key % 8 };
  }

  /** A length-delimited field's bytes (a view, not a copy). */
  bytesField(): Uint8Array {
    const length = this.varint();
    if (this.at + length > this.bytes.length) throw new PackageFormatError('field past the end');
    const value = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return value;
  }

  /** Skips a field of the given wire type (groups, long deprecated, are refused). */
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 2) this.bytesField();
    else if (wire === 1 || wire === 5) {
      this.at += wire === 1 ? 8 : 4;
      if (this.at > this.bytes.length) throw new PackageFormatError('field past the end');
    } else throw new PackageFormatError(`wire type ${wire}`);
  }
}

/**
 * The fields wanted of one message: each varint field's last value (as protobuf's decoders keep it) and each
 * length-delimited field's last bytes; the rest is skipped.
 */
export function readMessage(bytes: Uint8Array): { varints: Map<number, number>; bytes: Map<number, Uint8Array> } {
  const reader = new ProtoReader(bytes);
  const varints = new Map<number, number>();
  const fields = new Map<number, Uint8Array>();
  while (!reader.done) {
    const { field, wire } = reader.tag();
    if (field === 0) throw new PackageFormatError('field 0');
    if (wire === 0) varints.set(field, reader.varint());
    else if (wire === 2) fields.set(field, reader.bytesField());
    else reader.skip(wire);
  }
  return { varints, bytes: fields };
}

/**
 * The package's version: from `meta` when there is one (0 or an unknown number is returned as it is, for the caller
 * to refuse), else legacy 2 or 1 by the files present, as Anki does.
 */
export function packageVersion(meta: Uint8Array | undefined, names: ReadonlySet<string>): number {
  if (meta === undefined) return names.has(COLLECTION_FILES[2]) ? 2 : 1;
  return readMessage(meta).varints.get(1) ?? 0;
}

export const isPackageVersion = (version: number): version is PackageVersion =>
  version === 1 || version === 2 || version === 3;

const ZSTD_MAGIC = 0xfd2fb528;

/**
 * Walks a zstd stream's frame and block headers (nothing is decoded) and returns the sizes its frames declare
 * (undefined when a frame does not say) and the largest window one needs. Skippable frames, dictionaries and
 * anything past the last frame are refused: Anki writes one plain frame.
 */
export function zstdFrames(input: Uint8Array): { declaredSize: number | undefined; window: number } {
  const data = new DataView(input.buffer, input.byteOffset, input.byteLength);
  let at = 0;
  let declared: number | undefined = 0;
  let window = 0;
  const need = (bytes: number) => {
    if (at + bytes > input.length) throw new PackageFormatError('zstd stream cut short');
  };
  if (input.length === 0) throw new PackageFormatError('empty zstd stream');
  while (at < input.length) {
    need(5);
    if (data.getUint32(at, true) !== ZSTD_MAGIC) throw new PackageFormatError('not a zstd frame');
    const descriptor = input[at + 4]!;
    at += 5;
    const sizeFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    const checksum = (descriptor >> 2) & 1;
    if (descriptor & 0x08) throw new PackageFormatError('reserved bit');
    if (descriptor & 0x03) throw new PackageFormatError('dictionary');
    let frameWindow = 0;
    if (!singleSegment) {
      need(1);
      const byte = input[at++]!;
      const base = 2 ** (10 + (byte >> 3));
      frameWindow = base + (base / 8) * (byte & 7);
    }
    const sizeBytes = sizeFlag ? 2 ** sizeFlag : singleSegment;
    let size: number | undefined;
    if (sizeBytes) {
      need(sizeBytes);
      if (sizeBytes === 1) size = input[at]!;
      else if (sizeBytes === 2) size = data.getUint16(at, true) + 256;
      else if (sizeBytes === 4) size = data.getUint32(at, true);
      else size = data.getUint32(at, true) + data.getUint32(at + 4, true) * 0x1_0000_0000;
      at += sizeBytes;
    }
    if (singleSegment) frameWindow = size!;
    window = Math.max(window, frameWindow);
    declared = size === undefined || declared === undefined ? undefined : declared + size;
    for (let last = false; !last;) {
      need(3);
      const header = input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16);
      at += 3;
      last = (header & 1) === 1;
      const type = (header >> 1) & 3;
      if (type === 3) throw new PackageFormatError('reserved block type');
      const length = type === 1 ? 1 : header >>> 3;
      need(length);
      at += length;
    }
    if (checksum) {
      need(4);
      at += 4;
    }
  }
  return { declaredSize: declared, window };
}

export class ZstdTooLarge extends Error {}

/**
 * The largest window a frame may ask for: zstd's own decoder refuses more by default (2^27, 128 MB). The decoder
 * allocates the window before decoding, so it is checked first; Anki's streaming encoder uses a few megabytes.
 */
export const ZSTD_MAX_WINDOW = 2 ** 27;

/**
 * Decompresses a zstd stream, counting its output as it is produced (one block, at most 128 KB, at a time): past
 * `maxBytes` it stops at once with `ZstdTooLarge`, before anything more is allocated. The frames' declared sizes
 * and windows are checked before any decoding.
 */
export function decompressZstd(input: Uint8Array, maxBytes: number): Uint8Array {
  const { declaredSize, window } = zstdFrames(input);
  if (declaredSize !== undefined && declaredSize > maxBytes) throw new ZstdTooLarge();
  if (window > ZSTD_MAX_WINDOW) throw new PackageFormatError('zstd window too large');
  const chunks: Uint8Array[] = [];
  let total = 0;
  const decoder = new Decompress((chunk) => {
    if (total + chunk.length > maxBytes) throw new ZstdTooLarge();
    // The decoder reuses nothing it hands over, but a view may share its buffer: keep only the bytes.
    chunks.push(chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice());
    total += chunk.length;
  });
  try {
    decoder.push(input, true);
  } catch (error) {
    if (error instanceof ZstdTooLarge) throw error;
    throw new PackageFormatError(`zstd: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (declaredSize !== undefined && total !== declaredSize) throw new PackageFormatError('zstd size differs');
  const output = new Uint8Array(total);
  let at = 0;
  while (chunks.length) {
    const chunk = chunks.shift()!;
    output.set(chunk, at);
    at += chunk.length;
  }
  return output;
}
