import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite has no guard against two processes opening one data folder, which corrupts it.
 * We hold `DATA_DIR/turtle.lock` with our pid for as long as we run; a lock whose process is gone is stale.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'turtle.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => releaseLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (isRunning(holder) && holder !== process.pid) {
        throw new DataDirLockedError(
          `Another Turtle server (pid ${holder}) is already using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}.`);
}

function releaseLock(lockPath: string): void {
  try {
    if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.rmSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
