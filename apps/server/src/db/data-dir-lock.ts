import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Who holds the lock: enough to tell that process from a later one that happens to get the same pid. */
interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (`/proc/<pid>/stat`), when the system tells it. */
  startTime?: string;
  /** `/proc/sys/kernel/random/boot_id`: a lock from before a reboot is stale whatever its pid. */
  bootId?: string;
}

/**
 * PGlite has no guard against two processes opening one data folder, which corrupts it. We hold
 * `DATA_DIR/turtle.lock` for as long as we run. The lock names our pid, start time and boot; a lock whose process is
 * gone, or whose pid now belongs to another process (pids are reused, as pid 1 is in every container), is stale.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  makeFolder(dataDir);
  const lockPath = path.join(dataDir, 'turtle.lock');
  const own = JSON.stringify(describeProcess(process.pid));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, own, { flag: 'wx' });
      return () => releaseLock(lockPath, own);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseLock(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder.pid !== process.pid && holdsLock(holder)) {
        throw new DataDirLockedError(
          `Another Turtle server (pid ${holder.pid}) is already using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}.`);
}

/**
 * `mkdir -p`, with the real reason when it fails: Node's recursive mkdir reports ENOENT where the first folder it
 * must create is refused (EROFS, EACCES), so that one is made again alone to learn why.
 */
function makeFolder(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    let first = dir;
    while (!fs.existsSync(path.dirname(first)) && path.dirname(first) !== first) first = path.dirname(first);
    fs.mkdirSync(first);
    throw error;
  }
}

/** What a lock written by `pid` says about it. Exported for tests, which write locks for other processes. */
export function describeProcess(pid: number): LockHolder {
  return { pid, startTime: processStartTime(pid), bootId: readProc('sys/kernel/random/boot_id')?.trim() };
}

function releaseLock(lockPath: string, own: string): void {
  try {
    if (fs.readFileSync(lockPath, 'utf8') === own) fs.rmSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}

/** The lock's holder: our JSON, or the bare pid older versions wrote. */
function parseLock(text: string): LockHolder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockHolder>;
    if (Number.isInteger(parsed.pid) && parsed.pid! > 0) return parsed as LockHolder;
  } catch {
    // Unreadable: stale.
  }
  return undefined;
}

function holdsLock(holder: LockHolder): boolean {
  if (!isRunning(holder.pid) || hasEnded(holder.pid)) return false;
  const now = describeProcess(holder.pid);
  if (holder.bootId && now.bootId && holder.bootId !== now.bootId) return false;
  if (holder.startTime && now.startTime) return holder.startTime === now.startTime;
  // A lock from an older version names only a pid: the process must at least be a Node process.
  const command = readProc(`${holder.pid}/cmdline`);
  return command === undefined || /(^|\/)node(\d+)?\0/.test(command);
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

/**
 * A process that has ended but that its parent has not waited for yet (a zombie, `Z`, or `X`) still answers
 * `kill(pid, 0)`, with its start time: a server that crashed is one until its supervisor reaps it, and its lock must
 * not keep the restart out (decision 034).
 */
function hasEnded(pid: number): boolean {
  const stat = readProc(`${pid}/stat`);
  if (!stat) return false;
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/** Field 22 of `/proc/<pid>/stat`, after the command name (which may hold spaces and parentheses). */
function processStartTime(pid: number): string | undefined {
  const stat = readProc(`${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** A file under /proc, or undefined where there is none (macOS) or the process is gone. */
function readProc(name: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}
