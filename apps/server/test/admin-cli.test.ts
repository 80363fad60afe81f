import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { createUser } from './support/factories';

// `npm run admin` (docs/decisions/037-administrators.md) as an operator runs it, on an embedded database of its own:
// a process that opens DATA_DIR, changes one role with its audit entry, and says what it did.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-admin-cli-'));

async function admin(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/admin-cli.ts', ...args],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH, DATA_DIR: dataDir } },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin', () => {
  it('grants, lists and refuses to revoke the last administrator, saying why each time', async () => {
    expect(await admin('grant', 'ops@example.test')).toEqual({
      code: 1,
      out: 'No account has the email ops@example.test: sign up first, then run this again.\n',
    });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await runMigrations(database);
    await createUser(database.db, { name: 'Ops', email: 'ops@example.test' });
    await database.close();

    expect(await admin('grant', 'OPS@example.test')).toEqual({
      code: 0,
      out: 'OPS@example.test is now an administrator.\n',
    });
    expect(await admin('list')).toEqual({ code: 0, out: 'ops@example.test (Ops)\n' });
    expect(await admin('revoke', 'ops@example.test')).toEqual({
      code: 1,
      out: 'ops@example.test is the last administrator and stays one: make someone else an administrator first.\n',
    });
    expect(await admin('promote')).toEqual({
      code: 2,
      out: 'Usage: npm run admin -- grant <email> | revoke <email> | list\n',
    });
  }, 180_000);
});
