import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffMediaType } from '../media/media-sniff';
import { isSafeMediaName } from './apkg-media';
import { inflateEntrySync, readZipDirectory, ZipError } from './apkg-zip';

describe('a package’s media files (docs/decisions/038-card-media.md)', () => {
  it('takes only plain file names, as Anki does', () => {
    for (const name of ['hola.mp3', 'cat & dog.png', 'été.jpg', '.hidden.png', 'a..b.gif']) {
      expect(isSafeMediaName(name), name).toBe(true);
    }
    for (const name of [
      '',
      '.',
      '..',
      '../x.png',
      'a/b.png',
      'a\\b.png',
      'c:x.png',
      'x\u0000.png',
      'a?.png',
      'x'.repeat(256),
    ]) {
      expect(isSafeMediaName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('knows an image or a sound by its first bytes, and nothing else', () => {
    const bytes = (...values: (number | string)[]) =>
      new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...strToU8(value)] : [value])));
    expect(sniffMediaType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0))).toBe('image/png');
    expect(sniffMediaType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffMediaType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffMediaType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffMediaType(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBe('audio/wav');
    expect(sniffMediaType(bytes('OggS', 0))).toBe('audio/ogg');
    expect(sniffMediaType(bytes('ID3', 3, 0))).toBe('audio/mpeg');
    expect(sniffMediaType(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('audio/mpeg');
    expect(sniffMediaType(bytes(0, 0, 0, 0x20, 'ftypM4A ', 0))).toBe('audio/mp4');
    for (const text of ['<svg onload=alert(1)>', '<!doctype html><script>', '%PDF-1.7', 'GIF8', '']) {
      expect(sniffMediaType(strToU8(text)), text).toBeNull();
    }
    // A video container is not a sound.
    expect(sniffMediaType(bytes(0, 0, 0, 0x20, 'ftypqt  ', 0))).toBeNull();
  });

  it('inflates a small entry at once, refusing one that grows past what it declared', () => {
    const zip = zipSync({ a: strToU8('x'.repeat(50_000)) }, { level: 6 });
    const [entry] = readZipDirectory(zip);
    expect(inflateEntrySync(zip, entry!)).toEqual(strToU8('x'.repeat(50_000)));
    expect(() => inflateEntrySync(zip, { ...entry!, size: 100 })).toThrow(ZipError);
    expect(() => inflateEntrySync(zip, { ...entry!, size: 60_000 })).toThrow(ZipError);
  });
});
