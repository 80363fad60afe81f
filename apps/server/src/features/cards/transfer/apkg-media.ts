import { createHash } from 'node:crypto';
import {
  CARD_MEDIA_MAX_FILE_BYTES,
  cardMediaUrl,
  type ApkgMediaSummary,
  type CardMediaType,
} from '@turtle/shared/card-media';
import { isAudio, sniffMediaType } from '../media/media-sniff';
import { decompressZstd, PackageFormatError, ProtoReader, readMessage, ZstdTooLarge } from './apkg-meta';
import { inflateEntry, inflateEntrySync, type ZipEntry } from './apkg-zip';

/**
 * An Anki package's media (docs/decisions/038-card-media.md), read as Anki reads it (rslib's
 * import_export/package/media.rs): the `media` file maps each file's name to a numbered zip entry. A legacy package's
 * (`meta` 1 or 2, or none) is JSON, `{"0": "cat.jpg"}`; a current one's (`meta` 3) is a zstd-compressed protobuf
 * `MediaEntries { repeated MediaEntry entries = 1; }` with `MediaEntry { string name = 1; uint32 size = 2; bytes sha1 =
 * 3; }`, the n-th entry being the zip entry "n", itself zstd-compressed.
 *
 * Nothing here refuses the package: a file Turtle does not keep is skipped with its reason (a name that is not a
 * plain file name, an entry that is missing or damaged, a file over the size cap or that is not an image or sound by
 * its first bytes), and a damaged map skips every file. The cards still import, without that media. A file is read
 * only when a card uses it, so a package's other files cost nothing.
 */

export interface PackageMediaFile {
  sha256: string;
  type: CardMediaType;
  bytes: Uint8Array;
}

/** A file not kept, with the reason (`files`: how many one line stands for, 1 unless said). */
export interface SkippedMedia {
  name: string;
  reason: string;
  files?: number;
}

/** The map itself: Anki's lists a few bytes a file. */
const MAP_BYTES = 4 * 1024 * 1024;
/** Files in one package. */
const MAX_FILES = 20_000;
/** All the media read from one package together (each file is also under CARD_MEDIA_MAX_FILE_BYTES). */
export const PACKAGE_MEDIA_BYTES = 256 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * A plain file name, as Anki's `filename_is_safe` asks: no folder, no `.` or `..`, no control characters and none of
 * the characters Anki itself takes out of names (`[]<>:"/?*^\|`), at most 255 bytes.
 */
export function isSafeMediaName(name: string): boolean {
  if (!name || name === '.' || name === '..' || Buffer.byteLength(name) > 255) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f[\]<>:"/?*^\\|]/.test(name) && !/^\.\.?$/.test(name.trim());
}

/** The map: file names by zip entry number. */
function readMap(raw: Uint8Array, version: number): Map<string, string> {
  const names = new Map<string, string>();
  if (version !== 3) {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new PackageFormatError('media map');
    for (const [index, name] of Object.entries(parsed as Record<string, unknown>)) {
      if (!/^\d{1,9}$/.test(index) || typeof name !== 'string') throw new PackageFormatError('media map entry');
      names.set(index, name);
    }
    return names;
  }
  const reader = new ProtoReader(decompressZstd(raw, MAP_BYTES));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let index = 0;
  while (!reader.done) {
    const { field, wire } = reader.tag();
    if (field === 1 && wire === 2) {
      const entry = readMessage(reader.bytesField());
      names.set(String(index++), decoder.decode(entry.bytes.get(1) ?? new Uint8Array(0)));
    } else reader.skip(wire);
    if (index > MAX_FILES) break;
  }
  return names;
}

/** One file's bytes, within the cap, or the reason it is not kept. */
function readFile(bytes: Uint8Array, entry: ZipEntry, version: number): Uint8Array | string {
  const tooLarge = `over ${megabytes(CARD_MEDIA_MAX_FILE_BYTES)}`;
  // A compressed file is at most a little larger than its contents.
  if (entry.size > (version === 3 ? CARD_MEDIA_MAX_FILE_BYTES + 64 * 1024 : CARD_MEDIA_MAX_FILE_BYTES)) return tooLarge;
  let file: Uint8Array;
  try {
    file = inflateEntrySync(bytes, entry);
  } catch {
    return 'damaged in the package';
  }
  if (version !== 3) return file;
  try {
    return decompressZstd(file, CARD_MEDIA_MAX_FILE_BYTES);
  } catch (error) {
    return error instanceof ZstdTooLarge ? tooLarge : 'damaged in the package (not valid zstd)';
  }
}

/**
 * The package's media: its map, read at once, and each file read, checked and hashed only when a card asks for it
 * (`file`), so the files no card uses cost nothing.
 */
export class PackageMedia {
  /** Files not kept, in the order found. */
  readonly skipped: SkippedMedia[] = [];
  /** Names the map lists. */
  listed = 0;
  /** Safe names with their zip entry. */
  readonly entries = new Map<string, ZipEntry>();
  private readonly read = new Map<string, PackageMediaFile | null>();
  private total = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly version: number,
  ) {}

  /** The file a card names, if the package holds it as an image or sound Turtle keeps. */
  file(name: string): PackageMediaFile | undefined {
    const known = this.read.get(name);
    if (known !== undefined) return known ?? undefined;
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    const file = this.readChecked(name, entry);
    this.read.set(name, file);
    return file ?? undefined;
  }

  private readChecked(name: string, entry: ZipEntry): PackageMediaFile | null {
    const file = readFile(this.bytes, entry, this.version);
    const skip = (reason: string) => {
      this.skipped.push({ name, reason });
      return null;
    };
    if (typeof file === 'string') return skip(file);
    const type = sniffMediaType(file);
    if (!type) return skip('not an image or sound Turtle keeps');
    if (this.total + file.length > PACKAGE_MEDIA_BYTES) {
      return skip(`the package’s media are over ${megabytes(PACKAGE_MEDIA_BYTES)}`);
    }
    this.total += file.length;
    return { sha256: createHash('sha256').update(file).digest('hex'), type, bytes: file };
  }
}

/**
 * The package's media map, read as Anki reads it: names that are not plain file names and names whose entry is
 * missing are skipped at once; a damaged map skips every file.
 */
export async function readPackageMedia(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  version: number,
): Promise<PackageMedia> {
  const media = new PackageMedia(bytes, version);
  const mapEntry = entries.find((entry) => entry.name === 'media');
  if (!mapEntry) return media;
  const numbered = new Map(entries.filter((entry) => /^\d+$/.test(entry.name)).map((entry) => [entry.name, entry]));
  let names: Map<string, string>;
  try {
    if (mapEntry.size > MAP_BYTES) throw new PackageFormatError('media map too large');
    names = readMap(await inflateEntry(bytes, mapEntry), version);
  } catch {
    const files = numbered.size;
    if (files) media.skipped.push({ name: `${files} files`, reason: 'the package’s media list is damaged', files });
    return media;
  }
  for (const [index, name] of names) {
    if (media.listed >= MAX_FILES) {
      const files = names.size - MAX_FILES;
      media.skipped.push({ name: `${files} more files`, reason: `past ${MAX_FILES} files`, files });
      break;
    }
    media.listed++;
    const entry = numbered.get(index);
    if (!isSafeMediaName(name)) media.skipped.push({ name: name.slice(0, 80), reason: 'not a plain file name' });
    else if (!entry) media.skipped.push({ name, reason: 'missing from the package' });
    else if (!media.entries.has(name)) media.entries.set(name, entry);
  }
  return media;
}

export const mediaKind = (type: CardMediaType): 'image' | 'audio' => (isAudio(type) ? 'audio' : 'image');

/**
 * The media an import's notes use: `lookup` answers the card text's writer (anki-html.ts) for a name, `use` marks a
 * planned note's files, and what is kept is what the planned notes use, each file once.
 */
export class PlannedMedia {
  private readonly used = new Set<string>();
  constructor(private readonly media: PackageMedia | undefined) {}

  readonly lookup = (name: string) => {
    const file = this.media?.file(name);
    return file && { url: cardMediaUrl(file.sha256), kind: mediaKind(file.type) };
  };

  use(names: string[]): void {
    for (const name of names) this.used.add(name);
  }

  /** The package's files not kept: skipped, or used by no card that is imported (without a map: all of them). */
  notKept(inPackage: number): number {
    if (!this.media) return inPackage;
    return Math.max(skippedFiles(this.media), this.media.listed - this.used.size);
  }

  /** The files to store, each once (two names may hold the same bytes). */
  files(): PackageMediaFile[] {
    const bySha = new Map<string, PackageMediaFile>();
    for (const name of this.used) {
      const file = this.media!.file(name)!;
      bySha.set(file.sha256, file);
    }
    return [...bySha.values()];
  }

  summary(): Omit<ApkgMediaSummary, 'quota'> {
    const files = this.files();
    const skipped = this.media?.skipped ?? [];
    return {
      kept: files.length,
      bytes: files.reduce((sum, file) => sum + file.bytes.length, 0),
      skipped: skippedFiles(this.media),
      reasons: skipped.slice(0, MEDIA_REASONS).map((file) => `${file.name}: ${file.reason}`),
    };
  }
}

const MEDIA_REASONS = 5;

const skippedFiles = (media: PackageMedia | undefined) =>
  media?.skipped.reduce((sum, file) => sum + (file.files ?? 1), 0) ?? 0;
