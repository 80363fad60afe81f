import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inflateEntry, readZipDirectory, ZipError } from './apkg-zip';

const setSize = (zip: Uint8Array, name: string, size: number) => {
  const data = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let at = zip.length - 22; at >= 0; at--) {
    if (data.getUint32(at, true) !== 0x02014b50) continue;
    const length = data.getUint16(at + 28, true);
    if (new TextDecoder().decode(zip.subarray(at + 46, at + 46 + length)) === name) data.setUint32(at + 24, size, true);
  }
  return zip;
};

describe('reading one file out of a zip without trusting it (docs/decisions/034-import-budget.md)', () => {
  it('lists the directory with the declared sizes, inflating nothing', () => {
    const zip = zipSync({ 'collection.anki2': new Uint8Array(100_000), media: strToU8('{}'), '0': strToU8('x') });
    // fflate writes an integer-like name ("0") first, as JavaScript orders an object's keys.
    expect(readZipDirectory(zip).map(({ name, size }) => [name, size])).toEqual([
      ['0', 1],
      ['collection.anki2', 100_000],
      ['media', 2],
    ]);
  });

  it('inflates an entry, deflated or stored, to exactly its bytes', async () => {
    const bytes = strToU8('hello '.repeat(10_000));
    for (const level of [0, 6] as const) {
      const zip = zipSync({ a: bytes }, { level });
      const [entry] = readZipDirectory(zip);
      expect(entry!.method).toBe(level === 0 ? 0 : 8);
      expect(await inflateEntry(zip, entry!)).toEqual(bytes);
    }
  });

  it('stops at the declared size when the data inflates to more: a 100 MB file declared as 1 KB costs 1 KB', async () => {
    const zip = setSize(zipSync({ big: new Uint8Array(100 * 1024 * 1024) }), 'big', 1024);
    const [entry] = readZipDirectory(zip);
    expect(entry!.size).toBe(1024);
    const before = process.memoryUsage().arrayBuffers;
    await expect(inflateEntry(zip, entry!)).rejects.toThrow(ZipError);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(10 * 1024 * 1024);
  });

  it('refuses data that inflates to less than declared, a method it does not know and what is not a zip', async () => {
    const short = setSize(zipSync({ a: new Uint8Array(1000) }), 'a', 2000);
    await expect(inflateEntry(short, readZipDirectory(short)[0]!)).rejects.toThrow(/smaller than declared/);
    const zip = zipSync({ a: strToU8('abc'.repeat(100)) });
    const [entry] = readZipDirectory(zip);
    await expect(inflateEntry(zip, { ...entry!, method: 93 })).rejects.toThrow(/compression method 93/);
    expect(() => readZipDirectory(strToU8('front,back\nhello,world'))).toThrow(ZipError);
    expect(() => readZipDirectory(new Uint8Array(0))).toThrow(ZipError);
  });

  it('reads a zip64 size from the extra field', () => {
    // A directory entry whose 32-bit sizes say 0xFFFFFFFF, the real ones in a zip64 extra field (id 1).
    const zip = zipSync({ a: strToU8('abc') }, { level: 0 });
    const data = new DataView(zip.buffer);
    let central = zip.length - 22;
    while (data.getUint32(central, true) !== 0x02014b50) central--;
    const extra = new Uint8Array(20);
    const extraView = new DataView(extra.buffer);
    extraView.setUint16(0, 1, true);
    extraView.setUint16(2, 16, true);
    extraView.setUint32(4, 5_000_000_000 % 2 ** 32, true);
    extraView.setUint32(8, Math.floor(5_000_000_000 / 2 ** 32), true);
    extraView.setUint32(12, 3, true);
    const nameEnd = central + 46 + data.getUint16(central + 28, true);
    const patched = new Uint8Array(zip.length + extra.length);
    patched.set(zip.subarray(0, nameEnd));
    patched.set(extra, nameEnd);
    patched.set(zip.subarray(nameEnd), nameEnd + extra.length);
    const view = new DataView(patched.buffer);
    view.setUint16(central + 30, extra.length, true);
    view.setUint32(central + 20, 0xffffffff, true);
    view.setUint32(central + 24, 0xffffffff, true);
    // The end record: the directory grew by the extra field.
    const end = patched.length - 22;
    view.setUint32(end + 12, view.getUint32(end + 12, true) + extra.length, true);
    expect(readZipDirectory(patched)[0]).toMatchObject({ name: 'a', size: 5_000_000_000, compressedSize: 3 });
  });
});
