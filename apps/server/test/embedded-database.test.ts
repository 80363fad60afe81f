import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-embedded-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('opens the embedded database on disk with a 32 MB buffer cache (PostgreSQL’s 128 MB default held ~130 MB more)', async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    const result = await database.db.execute(sql`show shared_buffers`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      shared_buffers: string;
    }[];
    expect(rows[0]?.shared_buffers).toBe('32MB');
  } finally {
    await database.close();
  }
});
