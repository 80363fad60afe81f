import { compress, init } from '@bokuweb/zstd-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decompressZstd,
  PackageFormatError,
  packageVersion,
  readMessage,
  ZSTD_MAX_WINDOW,
  zstdFrames,
  ZstdTooLarge,
} from './apkg-meta';

beforeAll(() => init());

/** A zstd frame by hand: `descriptor` and its header bytes, then one last raw block of `body`. */
const frame = (header: number[], body: Uint8Array) =>
  new Uint8Array([
    0x28,
    0xb5,
    0x2f,
    0xfd,
    ...header,
    ((body.length << 3) | 1) & 0xff,
    (body.length >> 5) & 0xff,
    (body.length >> 13) & 0xff,
    ...body,
  ]);

describe('the package’s meta (docs/decisions/034-import-budget.md)', () => {
  it('reads PackageMetadata’s version, skipping other fields, as protobuf decoders do', () => {
    expect(packageVersion(new Uint8Array([0x08, 0x03]), new Set())).toBe(3);
    // An unknown length-delimited field 2, a 64-bit field 3, then the version; the last value of a field wins.
    expect(
      packageVersion(
        new Uint8Array([0x12, 0x02, 0x61, 0x62, 0x19, 1, 2, 3, 4, 5, 6, 7, 8, 0x08, 0x01, 0x08, 0x02]),
        new Set(),
      ),
    ).toBe(2);
    // An empty meta is version 0 (unknown), which the reader refuses as a newer Anki's.
    expect(packageVersion(new Uint8Array(0), new Set())).toBe(0);
    expect(packageVersion(new Uint8Array([0x08, 0x96, 0x01]), new Set())).toBe(150);
  });

  it('without meta: legacy 2 when collection.anki21 is there, else legacy 1', () => {
    expect(packageVersion(undefined, new Set(['collection.anki21', 'collection.anki2']))).toBe(2);
    expect(packageVersion(undefined, new Set(['collection.anki2']))).toBe(1);
    expect(packageVersion(undefined, new Set(['collection.anki21b']))).toBe(1);
  });

  it('refuses a damaged message', () => {
    for (const bytes of [
      [0x08],
      [0x0a, 0x05, 0x01],
      [0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
      [0x0b],
      [0x00],
    ]) {
      expect(() => readMessage(new Uint8Array(bytes)), JSON.stringify(bytes)).toThrow(PackageFormatError);
    }
  });
});

describe('zstd, counted as it is decompressed', () => {
  const text = new TextEncoder().encode('SQLite format 3\0'.repeat(50_000));

  // The first zstd test pays the encoder's WebAssembly start: 10 s on a machine at a load of 20, so no 5 s default.
  it('decompresses what a real encoder writes', () => {
    expect(decompressZstd(compress(text, 3), text.length)).toEqual(text);
    expect(decompressZstd(compress(new Uint8Array(0), 3), 10)).toEqual(new Uint8Array(0));
  }, 30_000);

  it('stops past the cap, before decoding when a frame declares its size, else while decoding', () => {
    const compressed = compress(text, 3);
    expect(zstdFrames(compressed).declaredSize).toBe(text.length);
    expect(() => decompressZstd(compressed, text.length - 1)).toThrow(ZstdTooLarge);
    // No size declared (a window of 1 KB): counted as each block comes out.
    const body = new Uint8Array(1000).fill(7);
    const undeclared = frame([0x00, 0x00], body);
    expect(zstdFrames(undeclared)).toEqual({ declaredSize: undefined, window: 1024 });
    expect(decompressZstd(undeclared, 1000)).toEqual(body);
    expect(() => decompressZstd(undeclared, 999)).toThrow(ZstdTooLarge);
  });

  it('refuses a window larger than zstd’s own default limit, before allocating it', () => {
    // Window descriptor: exponent 18 + 10 = 2^28.
    const wide = frame([0x00, 18 << 3], new Uint8Array(10));
    expect(zstdFrames(wide).window).toBe(2 ** 28);
    expect(2 ** 28).toBeGreaterThan(ZSTD_MAX_WINDOW);
    expect(() => decompressZstd(wide, 2 ** 30)).toThrow(PackageFormatError);
  });

  it('refuses what is not zstd, cut short, with a dictionary or reserved bits, or damaged inside', () => {
    const good = compress(text, 3);
    const damaged = good.slice();
    damaged.fill(0xff, 20, 60);
    const cases: [string, Uint8Array][] = [
      ['empty', new Uint8Array(0)],
      ['SQLite', text.subarray(0, 100)],
      ['cut short', good.subarray(0, good.length - 10)],
      ['trailing bytes', new Uint8Array([...good, 1, 2, 3])],
      ['dictionary', frame([0x01, 0x00, 1], new Uint8Array(4))],
      ['reserved bit', frame([0x08, 0x00], new Uint8Array(4))],
      ['damaged', damaged],
    ];
    for (const [name, bytes] of cases) {
      expect(() => decompressZstd(bytes, 10_000_000), name).toThrow(PackageFormatError);
    }
  });
});
