import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRefusingPostgres } from './support/fake-postgres';
import { canMount, fillDisk, mountTmpfs } from './support/mount';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

// Each test spawns a server (tsx, PGlite): on a busy machine a start alone can take half a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// Each start-up failure is one line saying what is wrong and what to do, not a bare code: a process of its own that
// exits, for each.

const started: ServerProcess[] = [];
const cleanups: Array<() => void> = [];

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-startup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts the server, expects it to exit 1, and answers the one line it printed. */
async function failureLine(env: Record<string, string>, user?: { uid: number; gid: number }): Promise<string> {
  const server = await spawnServer({ LOG_LEVEL: 'warn', ...env }, user);
  started.push(server);
  expect(await server.exited).toBe(1);
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('turtle: '));
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe('DATA_DIR problems', () => {
  it('says DATA_DIR is a file (EEXIST)', async () => {
    const file = path.join(tempDir(), 'data');
    fs.writeFileSync(file, 'not a folder');
    expect(await failureLine({ DATA_DIR: file })).toBe(
      `turtle: DATA_DIR ${file} is a file, not a folder: move the file away, or set DATA_DIR to a folder.`,
    );
  });

  it('says part of DATA_DIR is a file (ENOTDIR)', async () => {
    const file = path.join(tempDir(), 'file');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    expect(await failureLine({ DATA_DIR: dataDir })).toBe(
      `turtle: part of DATA_DIR ${dataDir} is a file, not a folder: set DATA_DIR to a path made of folders.`,
    );
  });

  // Root may write anywhere, so this runs the server as `nobody` in a folder only root may write to.
  it.runIf(process.getuid?.() === 0)('says Turtle may not write to DATA_DIR (EACCES)', async () => {
    const parent = tempDir();
    fs.chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    expect(await failureLine({ DATA_DIR: dataDir }, { uid: 65534, gid: 65534 })).toBe(
      `turtle: Turtle may not write to DATA_DIR ${dataDir} (permission denied): give the user running Turtle write access to it, or set DATA_DIR to a folder that user owns.`,
    );
  });

  /** A DATA_DIR on a small disk filled up but for `bytesFree` (about: the file system rounds). */
  function fullDataDisk(bytesFree: number): string {
    const disk = mountTmpfs('size=4m');
    cleanups.push(disk.unmount);
    const dataDir = path.join(disk.dir, 'data');
    fs.mkdirSync(dataDir);
    fillDisk(disk.dir);
    const filler = path.join(disk.dir, 'filler');
    if (bytesFree > 0) fs.truncateSync(filler, fs.statSync(filler).size - bytesFree);
    return dataDir;
  }

  // Needs root and mount (CI and the developers' machines have both); elsewhere there is no read-only disk to use.
  it.runIf(canMount)('says DATA_DIR is on a read-only file system (EROFS)', async () => {
    const disk = mountTmpfs('ro,size=64k');
    cleanups.push(disk.unmount);
    const dataDir = path.join(disk.dir, 'data');
    expect(await failureLine({ DATA_DIR: dataDir })).toBe(
      `turtle: DATA_DIR ${dataDir} is on a read-only file system: set DATA_DIR to a folder on a writable disk.`,
    );
  });

  it.runIf(canMount)(
    'says the disk is full instead of PGlite\u2019s "Aborted()"',
    async () => {
      const dataDir = fullDataDisk(0);
      const line = await failureLine({ DATA_DIR: dataDir });
      expect(line).toMatch(new RegExp(`^turtle: the disk holding DATA_DIR ${dataDir} is full`));
      expect(line).toContain('free some space, then start Turtle again.');
      expect(line).not.toContain('Aborted');
    },
    60_000,
  );

  // Room for the lock file but not for PGlite's set-up: PGlite's file system throws Emscripten's
  // `{ name: 'ErrnoError', errno: 51 }`, which printed as "[object Object]".
  it.runIf(canMount)(
    'says the disk is full when the lock fits but PGlite cannot set up its files',
    async () => {
      const dataDir = fullDataDisk(512 * 1024);
      const line = await failureLine({ DATA_DIR: dataDir });
      expect(line).toBe(
        `turtle: the disk holding DATA_DIR ${dataDir} is full, so the database cannot be opened: free some space, then start Turtle again.`,
      );
      expect(fs.existsSync(path.join(dataDir, 'turtle.lock'))).toBe(false);
    },
    60_000,
  );
});

describe('PostgreSQL problems', () => {
  it('says the password was refused (28P01)', async () => {
    const fake = await startRefusingPostgres('28P01', 'password authentication failed for user "turtle"');
    cleanups.push(fake.close);
    expect(await failureLine({ DATABASE_URL: `postgres://turtle:wrong@127.0.0.1:${fake.port}/turtle` })).toBe(
      `turtle: the PostgreSQL server at 127.0.0.1:${fake.port} refused the password for user "turtle": correct the password in DATABASE_URL.`,
    );
  });

  it('says the role may not connect (28000)', async () => {
    const message = 'no pg_hba.conf entry for host "127.0.0.1", user "turtle", database "turtle", no encryption';
    const fake = await startRefusingPostgres('28000', message);
    cleanups.push(fake.close);
    expect(await failureLine({ DATABASE_URL: `postgres://turtle@127.0.0.1:${fake.port}/turtle` })).toBe(
      `turtle: the PostgreSQL server at 127.0.0.1:${fake.port} does not let user "turtle" connect (${message}): create that role, or allow it in pg_hba.conf, or correct DATABASE_URL.`,
    );
  });

  // A real server: the PostgreSQL pass of CI (DATABASE_URL set).
  it.runIf(process.env.DATABASE_URL)('says the database does not exist (3D000)', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = '/turtle_no_such_database';
    expect(await failureLine({ DATABASE_URL: url.toString() })).toBe(
      `turtle: the database "turtle_no_such_database" does not exist on the PostgreSQL server at ${url.host}: create it (createdb turtle_no_such_database) or correct its name in DATABASE_URL.`,
    );
  });
});

// Decision 033: on 0.0.0.0 anyone could sign in as any account through the development provider, and the demo
// checkout would give Pro away. Beyond loopback both must be named in the configuration.
describe('an address other machines can reach', () => {
  it('refuses to start with the development sign-in and the demo checkout unless they are named', async () => {
    const line = await failureLine({ DATA_DIR: path.join(tempDir(), 'data'), HOST: '0.0.0.0' });
    expect(line).toMatch(
      /^turtle: Invalid configuration: HOST 0\.0\.0\.0 can be reached from other machines, so the development sign-in/,
    );
    expect(line).toContain('DEV_SIGN_IN=false');
    expect(line).toContain('PAYMENTS=demo');
  });

  it('starts once they are named, without the development provider when it is turned off', async () => {
    const server = await spawnServer({
      DATA_DIR: path.join(tempDir(), 'data'),
      HOST: '0.0.0.0',
      DEV_SIGN_IN: 'false',
      PAYMENTS: 'demo',
      LOG_LEVEL: 'warn',
    });
    started.push(server);
    await waitUntilHealthy(server);
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config).toMatchObject({ signInProvider: null, payments: 'demo' });
    expect((await fetch(`${server.url}/api/auth/oidc/start?nonce=popup-nonce-0123456789`)).status).toBe(404);
    const discovery = await fetch(`${server.url}/dev-oidc/.well-known/openid-configuration`);
    expect(await discovery.text()).not.toContain('"issuer"');
    expect(server.output()).toContain('PAYMENTS=demo on a server others reach');
  });

  it('takes NODE_ENV=production as serving others on loopback too, and never runs the development sign-in there', async () => {
    const line = await failureLine({
      DATA_DIR: path.join(tempDir(), 'data'),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    });
    expect(line).toMatch(/^turtle: Invalid configuration: NODE_ENV is production, so the demo checkout/);
    expect(line).not.toContain('development sign-in');

    const server = await spawnServer({
      DATA_DIR: path.join(tempDir(), 'data'),
      NODE_ENV: 'production',
      PAYMENTS: 'demo',
      LOG_LEVEL: 'warn',
    });
    started.push(server);
    await waitUntilHealthy(server);
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({
      signInProvider: null,
      payments: 'demo',
    });
    expect((await fetch(`${server.url}/api/auth/oidc/start?nonce=popup-nonce-0123456789`)).status).toBe(404);
    expect(server.output()).toContain('PAYMENTS=demo on a server others reach');
  });
});
