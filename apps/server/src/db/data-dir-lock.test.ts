import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it, expect } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, describeProcess } from './data-dir-lock';

let dir: string;
let lockPath: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-lock-'));
  lockPath = path.join(dir, 'turtle.lock');
});
afterEach(() => {
  child?.kill();
  child = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockHolder = (file = lockPath) => JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };

describe('acquireDataDirLock', () => {
  it('writes turtle.lock holding our pid, start time and boot', () => {
    const release = acquireDataDirLock(dir);
    expect(lockHolder()).toEqual({
      pid: process.pid,
      startTime: expect.stringMatching(/^\d+$/),
      bootId: expect.any(String),
    });
    release();
  });

  it('creates missing parent folders', () => {
    const nested = path.join(dir, 'a', 'b', 'data');
    const release = acquireDataDirLock(nested);
    expect(lockHolder(path.join(nested, 'turtle.lock')).pid).toBe(process.pid);
    release();
  });

  it('removes the lock file on release', () => {
    acquireDataDirLock(dir)();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses a lock held by another live process, naming its pid and the folder', () => {
    child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid!;
    const lock = JSON.stringify(describeProcess(pid));
    fs.writeFileSync(lockPath, lock);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Turtle server (pid ${pid}) is already using ${dir}.`);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(lock);
  });

  it('takes over a lock whose pid now belongs to a later process (the pid was reused)', () => {
    child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const holder = describeProcess(child.pid!);
    fs.writeFileSync(lockPath, JSON.stringify({ ...holder, startTime: String(Number(holder.startTime) - 1000) }));
    const release = acquireDataDirLock(dir);
    expect(lockHolder().pid).toBe(process.pid);
    release();
  });

  it('takes over a lock from before a reboot', () => {
    child = spawn('sleep', ['30'], { stdio: 'ignore' });
    fs.writeFileSync(lockPath, JSON.stringify({ ...describeProcess(child.pid!), bootId: 'another-boot' }));
    const release = acquireDataDirLock(dir);
    expect(lockHolder().pid).toBe(process.pid);
    release();
  });

  it("takes over an older version's bare-pid lock when that pid is not a Node process", () => {
    child = spawn('sleep', ['30'], { stdio: 'ignore' });
    fs.writeFileSync(lockPath, String(child.pid));
    const release = acquireDataDirLock(dir);
    expect(lockHolder().pid).toBe(process.pid);
    release();
  });

  it("refuses an older version's bare-pid lock held by a live Node process", () => {
    child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    fs.writeFileSync(lockPath, String(child.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it.each([
    ['the pid of a process that is gone', '999999'],
    ['garbage text', 'not a pid'],
    ['nothing', ''],
    ['our own pid (a previous run in the same container)', JSON.stringify({ pid: process.pid, startTime: '1' })],
  ])('takes over a stale lock holding %s', (_label, content) => {
    fs.writeFileSync(lockPath, content);
    const release = acquireDataDirLock(dir);
    expect(lockHolder().pid).toBe(process.pid);
    release();
  });

  it('does not delete a lock file that another process wrote after us', () => {
    const release = acquireDataDirLock(dir);
    fs.writeFileSync(lockPath, '424242');
    release();
    expect(fs.readFileSync(lockPath, 'utf8')).toBe('424242');
  });

  it('does not throw when the lock file is already gone at release', () => {
    const release = acquireDataDirLock(dir);
    fs.rmSync(lockPath);
    expect(() => release()).not.toThrow();
  });
});
