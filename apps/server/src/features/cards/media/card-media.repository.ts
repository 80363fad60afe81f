import { and, eq, inArray, sql } from 'drizzle-orm';
import { CARD_MEDIA_QUOTA_BYTES } from '@turtle/shared/card-media';
import { effectivePlan } from '@turtle/shared/entitlements';
import type { DbOrTx, Tx } from '../../../db/database';
import { cardMedia } from './card-media.tables';

/** One image or sound to keep: its SHA-256 (hex), sniffed type and bytes. */
export interface NewCardMedia {
  sha256: string;
  type: string;
  bytes: Uint8Array;
}

/** The person's media storage: bytes in use and the plan's allowance (docs/decisions/038-card-media.md). */
export async function mediaQuota(
  db: DbOrTx,
  user: { id: string; plan: number; expireAt: number },
): Promise<{ used: number; max: number }> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${cardMedia.size}), 0)` })
    .from(cardMedia)
    .where(eq(cardMedia.userId, user.id));
  return { used: Number(row?.used ?? 0), max: CARD_MEDIA_QUOTA_BYTES[effectivePlan(user)] };
}

/** Of these files, the ones the person does not have yet (a file they have costs nothing more). */
export async function newMedia(db: DbOrTx, userId: string, files: NewCardMedia[]): Promise<NewCardMedia[]> {
  if (!files.length) return [];
  const rows = await db
    .select({ sha256: cardMedia.sha256 })
    .from(cardMedia)
    .where(
      and(
        eq(cardMedia.userId, userId),
        inArray(
          cardMedia.sha256,
          files.map((file) => file.sha256),
        ),
      ),
    );
  const have = new Set(rows.map((row) => row.sha256));
  return files.filter((file) => !have.has(file.sha256));
}

/** Bytes per insert: a few files at a time, each at most 10 MB. */
const BYTES_PER_INSERT = 8 * 1024 * 1024;

/** Keeps the files in the caller's transaction (the import's: nothing is kept when it fails); a file kept is left. */
export async function insertMedia(tx: Tx, userId: string, files: NewCardMedia[], now: number): Promise<void> {
  let batch: (typeof cardMedia.$inferInsert)[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length) await tx.insert(cardMedia).values(batch).onConflictDoNothing();
    batch = [];
    bytes = 0;
  };
  for (const file of files) {
    if (bytes + file.bytes.length > BYTES_PER_INSERT) await flush();
    batch.push({
      userId,
      sha256: file.sha256,
      mime: file.type,
      size: file.bytes.length,
      bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
      createdAt: now,
    });
    bytes += file.bytes.length;
  }
  await flush();
}

/** One of the person's files; another person's is as missing as one nobody has. */
export async function findOwnMedia(
  db: DbOrTx,
  userId: string,
  sha256: string,
): Promise<{ mime: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ mime: cardMedia.mime, bytes: cardMedia.bytes })
    .from(cardMedia)
    .where(and(eq(cardMedia.userId, userId), eq(cardMedia.sha256, sha256)))
    .limit(1);
  return row;
}

/** Of these hashes, the person's files with their type and bytes (another person's are not found). */
export async function findOwnMediaFiles(
  db: DbOrTx,
  userId: string,
  hashes: string[],
): Promise<{ sha256: string; mime: string; bytes: Buffer }[]> {
  if (!hashes.length) return [];
  return db
    .select({ sha256: cardMedia.sha256, mime: cardMedia.mime, bytes: cardMedia.bytes })
    .from(cardMedia)
    .where(and(eq(cardMedia.userId, userId), inArray(cardMedia.sha256, hashes)));
}
