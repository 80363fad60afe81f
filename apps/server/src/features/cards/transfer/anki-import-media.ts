import { cardMediaQuotaMessage } from '@turtle/shared/card-media';
import type { Tx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { insertMedia, mediaQuota, newMedia } from '../media/card-media.repository';
import type { PackageMediaFile } from './apkg-media';

/**
 * The import's images and sounds, in its transaction (docs/decisions/038-card-media.md): the files the person does
 * not have yet must fit in their plan's media storage, else nothing is imported (403, saying how much room is left);
 * then they are kept. Answers the storage as it was before the import. The caller's transaction has locked the
 * person's row first (`reserveCards`), so two imports at once are counted one after the other.
 */
export async function writeImportMedia(
  tx: Tx,
  user: { id: string; plan: number; expireAt: number },
  files: PackageMediaFile[],
  now: number,
): Promise<{ used: number; max: number }> {
  const quota = await mediaQuota(tx, user);
  const fresh = await newMedia(tx, user.id, files);
  const needed = fresh.reduce((sum, file) => sum + file.bytes.length, 0);
  if (quota.used + needed > quota.max) throw new HttpError(403, 'forbidden', cardMediaQuotaMessage(needed, quota));
  await insertMedia(tx, user.id, fresh, now);
  return quota;
}
