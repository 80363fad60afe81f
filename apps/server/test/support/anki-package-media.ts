import { crc32, deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { ankiCollection } from './anki-package';
import { PLEASE_UPDATE, protobuf, zstd } from './anki-package-current';

/**
 * Anki packages with media, as Anki 26.x writes them (rslib's import_export/package/media.rs; decision 038). Current
 * layout (`meta` 3): `media` is a zstd-compressed protobuf `MediaEntries { repeated MediaEntry entries = 1 }`,
 * `MediaEntry { string name = 1; uint32 size = 2; bytes sha1 = 3 }`, and the n-th entry's file is the zip entry "n",
 * zstd-compressed. Legacy layout: `media` is JSON `{"0": "name"}` and the files are stored as they are.
 */

export interface MediaFileInput {
  name: string;
  bytes: Uint8Array;
  /** The zip entry's contents instead of the file's (a damaged entry); null leaves the entry out (missing). */
  entry?: Uint8Array | null;
}

/** A current-format `.apkg` (meta 3) of a schema 18 collection and media files. `mediaMap` replaces the map's bytes. */
export async function ankiCurrentPackageWithMedia(
  collection18: Uint8Array,
  media: MediaFileInput[],
  options: { mediaMap?: Uint8Array } = {},
): Promise<Uint8Array> {
  const { createHash } = await import('node:crypto');
  const dummy = await ankiCollection({ 1: 'Default' }, [{ model: 'basic', deck: 1, fields: [PLEASE_UPDATE, ''] }]);
  const entries = media.map((file) =>
    protobuf([
      [1, file.name],
      [2, file.bytes.length],
      [3, new Uint8Array(createHash('sha1').update(file.bytes).digest())],
    ]),
  );
  const map = protobuf(entries.map((entry) => [1, entry] as [number, Uint8Array]));
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    'collection.anki2': dummy,
    meta: [protobuf([[1, 3]]), { level: 0 }],
    'collection.anki21b': [await zstd(collection18), { level: 0 }],
    media: [options.mediaMap ?? (await zstd(map)), { level: 0 }],
  };
  for (const [index, file] of media.entries()) {
    if (file.entry === null) continue;
    files[String(index)] = [file.entry ?? (await zstd(file.bytes)), { level: 0 }];
  }
  return zipSync(files);
}

/** A legacy `.apkg` (no meta, `collection.anki2`): the JSON map, the files as they are. */
export function ankiLegacyPackageWithMedia(collection: Uint8Array, media: MediaFileInput[]): Uint8Array {
  const names = Object.fromEntries(media.map((file, index) => [String(index), file.name]));
  const files: Record<string, Uint8Array> = { 'collection.anki2': collection, media: strToU8(JSON.stringify(names)) };
  for (const [index, file] of media.entries()) {
    if (file.entry !== null) files[String(index)] = file.entry ?? file.bytes;
  }
  return zipSync(files);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A real PNG: `size` × `size` pixels of one colour (the browser draws it). */
export function pngImage(size: number, rgb: [number, number, number] = [16, 122, 87]): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', pixels),
      chunk('IEND', new Uint8Array(0)),
    ]),
  );
}

/** An MP3 as the sniffing sees one: an ID3v2 header, then MPEG-1 layer III frame headers (silence). */
export function mp3Sound(frames = 20): Uint8Array {
  const id3 = [0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
  // 128 kbit/s, 44.1 kHz: 417 bytes a frame.
  const frame = [0xff, 0xfb, 0x90, 0x64, ...new Array<number>(413).fill(0)];
  return new Uint8Array([...id3, ...Array.from({ length: frames }, () => frame).flat()]);
}

export const SVG_WITH_SCRIPT = strToU8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const HTML_PAGE = strToU8('<!doctype html><html><body><script>fetch("/api/user/status")</script></body></html>');
