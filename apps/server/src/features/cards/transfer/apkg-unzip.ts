import { budgetMessages, refused, type ApkgBudget } from './apkg-budget';
import {
  COLLECTION_FILES,
  decompressZstd,
  isPackageVersion,
  PackageFormatError,
  packageVersion,
  ZstdTooLarge,
} from './apkg-meta';
import { inflateEntry, readZipDirectory, type ZipEntry } from './apkg-zip';

/** Anki's `meta` is a few bytes. */
const META_BYTES = 1024;
/** What to do with a package Turtle cannot read; Anki's export dialog names the option so. */
const EXPORT_AGAIN = 'Export it again from Anki with “Support older Anki versions” ticked.';

/**
 * The collection's entry, chosen as Anki chooses it (apkg-meta.ts: by `meta`, else the legacy files), checked
 * against the budget by its declared size before anything is inflated; `collection.anki21b` is then decompressed
 * (zstd), its output counted against the same cap as it is produced.
 */
export async function unzipCollection(
  bytes: Uint8Array,
  budget: ApkgBudget,
): Promise<{ collection: Uint8Array; mediaFiles: number; entries: ZipEntry[]; version: number }> {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes);
  } catch {
    throw refused('This file is not an Anki package (.apkg): it is not a zip file.');
  }
  const names = new Set(entries.map((file) => file.name));
  const metaEntry = entries.find((file) => file.name === 'meta');
  let version: number;
  try {
    if (metaEntry && metaEntry.size > META_BYTES) throw new PackageFormatError('meta too large');
    version = packageVersion(metaEntry && (await inflateEntry(bytes, metaEntry)), names);
  } catch {
    throw refused(`The package’s meta file (which says how to read it) is damaged. ${EXPORT_AGAIN}`);
  }
  if (!isPackageVersion(version)) {
    throw refused(`This package was made by a newer version of Anki than Turtle reads. ${EXPORT_AGAIN}`);
  }
  const name = COLLECTION_FILES[version];
  const entry = entries.find((file) => file.name === name);
  if (!entry) {
    if (!metaEntry && names.has(COLLECTION_FILES[3])) {
      throw refused(
        `This package holds Anki’s newest collection (collection.anki21b) without its meta file. ${EXPORT_AGAIN}`,
      );
    }
    if (metaEntry) throw refused(`This package’s collection (${name}) is missing. ${EXPORT_AGAIN}`);
    throw refused('This zip holds no Anki collection (collection.anki2).');
  }
  if (entry.size > budget.collectionBytes) throw refused(budgetMessages.collectionDeclared(entry.size, budget));
  let collection: Uint8Array;
  try {
    collection = await inflateEntry(bytes, entry);
  } catch {
    throw refused('The package’s collection is damaged: it cannot be unzipped as its zip directory says.');
  }
  if (version === 3) {
    try {
      collection = decompressZstd(collection, budget.collectionBytes);
    } catch (error) {
      if (error instanceof ZstdTooLarge) throw refused(budgetMessages.collectionInflated(budget));
      throw refused(`The package’s collection (collection.anki21b) is damaged: it is not valid zstd. ${EXPORT_AGAIN}`);
    }
  }
  return { collection, mediaFiles: entries.filter((file) => /^\d+$/.test(file.name)).length, entries, version };
}
