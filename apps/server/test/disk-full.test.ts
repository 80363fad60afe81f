import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, sessionCookieFrom } from './support/http';
import { canMount, fillDisk, mountTmpfs } from './support/mount';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

// Each test spawns a server (tsx, PGlite): on a busy machine a start alone can take half a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// A full disk during a note save answers 507 with a message, not a generic 500. The server runs as a process of its
// own on a small disk of its own (needs root and mount: CI and the developers' machines have both).
describe.runIf(canMount)('a full disk while the server runs', () => {
  let disk: ReturnType<typeof mountTmpfs>;
  let server: ServerProcess;

  beforeAll(async () => {
    disk = mountTmpfs('size=48m');
    server = await spawnServer({ DATA_DIR: path.join(disk.dir, 'data'), LOG_LEVEL: 'warn' });
    await waitUntilHealthy(server);
  });

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    disk?.unmount();
  });

  it('answers 507 with a message when a note cannot be written, and keeps serving', async () => {
    const signup = await call(server.url, '/api/user/signup', {
      form: { name: 'Disk', email: `disk-${Date.now()}@example.test`, password: 'secret1' },
    });
    const cookie = sessionCookieFrom(signup.headers)!;
    fillDisk(disk.dir);
    const save = await call(server.url, '/api/note/save', {
      json: { note: { name: 'Big', content: 'x'.repeat(150_000) } },
      cookie,
    });
    expect(save.status).toBe(507);
    expect(save.data).toEqual({
      code: 'insufficientStorage',
      message: "The server's disk is full, so this was not saved. Please try again later.",
    });
    expect((await call(server.url, '/api/note/list', { cookie })).status).toBe(200);
  });
});
