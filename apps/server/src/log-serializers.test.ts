import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database';
import { runMigrations } from './db/migrate';
import { openDatabase } from './db/open-database';
import { notes, users } from './db/schema';
import { redactUrl } from './log-serializers';
import { createLogger } from './logger';

describe('redactUrl', () => {
  it("hides the OIDC callback's code and state, and keeps the rest", () => {
    expect(redactUrl('/api/auth/oidc/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj&iss=x')).toBe(
      '/api/auth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=x',
    );
    expect(redactUrl('/api/note/get?id=abc')).toBe('/api/note/get?id=abc');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});

// Issue 17, item 8: a failed query's error quoted its parameters (email, password hash, a whole note) three times.
describe('error logging', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await runMigrations(database);
  }, 30_000);
  afterAll(() => database.close());

  it('never writes the values of a failed query', async () => {
    const userId = randomUUID();
    const secret = `very-private-note-${randomUUID()}`;
    await database.db.insert(users).values({ id: userId, name: 'Log', email: `${userId}@example.test` });
    const error = await database.db
      .insert(notes)
      .values({
        id: randomUUID(),
        userId,
        name: 'n',
        content: `${secret}\u0000`,
        createdAt: 1,
        updatedAt: 1,
        lastAccessAt: 1,
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(secret);

    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger('info', sink).error({ err: error }, 'request failed');
    const line = lines.join('');
    expect(line).not.toContain(secret);
    expect(line).toContain('Failed query: insert into \\"notes\\"');
    expect(JSON.parse(line).err.cause).toMatchObject({ code: '22021' });
    expect(line.length).toBeLessThan(3_000);
  });
});
