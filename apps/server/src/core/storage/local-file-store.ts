import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey, type FileStore } from './file-store';

/** Longer than any upload takes. */
export const SCRATCH_KEPT_MS = 60 * 60 * 1000;

/**
 * Files under one folder (`DATA_DIR/files` by default). A file appears under its key only whole: it is written in
 * the folder's `.scratch` and renamed in, so a crash mid-upload leaves only scratch, which the next start clears of
 * files older than an hour (another process on this machine may be writing the newer ones).
 */
export async function openLocalFileStore(root: string): Promise<FileStore> {
  const scratch = path.join(root, '.scratch');
  await mkdir(scratch, { recursive: true });
  await clearOldScratch(scratch, Date.now() - SCRATCH_KEPT_MS);
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    id: `folder:${path.resolve(root)}`,
    scratchPath: async () => path.join(scratch, randomUUID()),
    keep: async (key, scratchPath) => {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(scratchPath, target);
    },
    read: async (key, range) => {
      const file = pathOf(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file, range) as Readable;
    },
    size: async (key) => {
      const file = pathOf(key);
      try {
        return (await stat(file)).size;
      } catch {
        return null;
      }
    },
    remove: async (key) => rm(pathOf(key), { force: true }),
  };
}

/** Scratch files older than `before` (ms): what a crash mid-upload left, never what another process is writing. */
export async function clearOldScratch(scratch: string, before: number): Promise<void> {
  for (const name of await readdir(scratch)) {
    const file = path.join(scratch, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < before) await rm(file, { force: true });
  }
}
