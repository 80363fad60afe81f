import { strToU8 } from 'fflate';
import { CARD_MEDIA_SRC } from '@turtle/shared/card-media';
import type { DbOrTx } from '../../../db/database';
import { findOwnMediaFiles } from '../media/card-media.repository';
import type { MediaNames } from './anki-export-html';

/**
 * The card media an Anki export carries (docs/decisions/038-card-media.md): the person's images and sounds that the
 * exported cards use, each named `<first 16 hex of its SHA-256>.<extension>` in the package's media map, up to
 * EXPORT_MEDIA_BYTES together (past it, the rest are left out: an image leaves its alt text).
 */

export interface ExportMedia {
  names: MediaNames;
  files: { name: string; bytes: Uint8Array }[];
}

export const EXPORT_MEDIA_BYTES = 256 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
};

const ADDRESS = /\/api\/cards\/media\/([0-9a-f]{64})/g;

export async function exportMedia(db: DbOrTx, userId: string, texts: Iterable<string>): Promise<ExportMedia> {
  const hashes = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(ADDRESS)) hashes.add(match[1]!);
  const files: ExportMedia['files'] = [];
  const byHash = new Map<string, string>();
  let total = 0;
  for (const file of await findOwnMediaFiles(db, userId, [...hashes])) {
    if (total + file.bytes.length > EXPORT_MEDIA_BYTES) continue;
    total += file.bytes.length;
    const name = `${file.sha256.slice(0, 16)}.${EXTENSIONS[file.mime] ?? 'bin'}`;
    byHash.set(file.sha256, name);
    files.push({ name, bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) });
  }
  return {
    names: (src) => (CARD_MEDIA_SRC.test(src) ? byHash.get(src.slice(-64)) : undefined),
    files,
  };
}

/**
 * The package's `media` map and the files by number, as Anki's legacy packages hold them; images and sounds are
 * compressed already, so they are stored as they are.
 */
export function mediaEntries(media: ExportMedia | undefined): Record<string, Uint8Array | [Uint8Array, { level: 0 }]> {
  const files = media?.files ?? [];
  return {
    media: strToU8(JSON.stringify(Object.fromEntries(files.map((file, index) => [String(index), file.name])))),
    ...Object.fromEntries(files.map((file, index) => [String(index), [file.bytes, { level: 0 }]])),
  };
}
