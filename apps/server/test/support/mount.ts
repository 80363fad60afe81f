import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small tmpfs of its own, to make a full or read-only disk for real. Needs root and the mount permission (CI and
 * the developers' machines run as root); `canMount` says whether this machine allows it.
 */
export function mountTmpfs(options: string): { dir: string; unmount(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-mnt-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  return {
    dir,
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const canMount: boolean = (() => {
  try {
    mountTmpfs('size=64k').unmount();
    return true;
  } catch {
    return false;
  }
})();

/** Writes into `dir` until the disk is full. */
export function fillDisk(dir: string): void {
  const chunk = Buffer.alloc(64 * 1024, 1);
  const fd = fs.openSync(path.join(dir, 'filler'), 'a');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  // The last bytes a partial chunk left.
  try {
    fs.appendFileSync(path.join(dir, 'filler-tail'), Buffer.alloc(1024, 1));
  } catch {
    // Full already.
  }
}
