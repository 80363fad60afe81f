import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it, expect } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

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

describe('acquireDataDirLock', () => {
  it('writes turtle.lock holding our pid', () => {
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('creates missing parent folders', () => {
    const nested = path.join(dir, 'a', 'b', 'data');
    const release = acquireDataDirLock(nested);
    expect(fs.readFileSync(path.join(nested, 'turtle.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('removes the lock file on release', () => {
    acquireDataDirLock(dir)();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('refuses a lock held by another live process, naming its pid and the folder', () => {
    child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid!;
    fs.writeFileSync(lockPath, String(pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Turtle server (pid ${pid}) is already using ${dir}.`);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(pid));
  });

  it.each([
    ['the pid of a process that is gone', '999999'],
    ['garbage text', 'not a pid'],
    ['nothing', ''],
  ])('takes over a stale lock holding %s', (_label, content) => {
    fs.writeFileSync(lockPath, content);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
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
