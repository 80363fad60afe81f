import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { engineOf } from '../src/db/engine';
import { openDatabase } from '../src/db/open-database';
import { isUniqueViolation } from '../src/db/unique-violation';
import { users } from '../src/core/identity/identity.tables';

// docs/decisions/035-embedded-database-thread.md: PGlite runs in a thread of its own, reached through the same
// node-postgres driver and transaction API as PostgreSQL.
describe('the embedded database in its own thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await runMigrations(database);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  const newUser = () => ({ id: randomUUID(), name: 'Thread', email: `thread-${randomUUID()}@example.test` });

  it('leaves the event loop free while a query works: a 10 ms timer keeps ticking through it', async () => {
    let last = performance.now();
    let worstGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    await database.db.execute(sql`select sum(length(md5(g::text))) from generate_series(1, 600000) g`);
    const took = performance.now() - started;
    worstGap = Math.max(worstGap, performance.now() - last);
    clearInterval(ticker);
    // Run on this thread, the query would be one gap as long as itself.
    expect(took).toBeGreaterThan(100);
    expect(worstGap).toBeLessThan(Math.max(100, took / 3));
  });

  it('makes other queries wait for an open transaction, then see what it committed', async () => {
    const user = newUser();
    let releaseTransaction = () => {};
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(users).values(user);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    let outsideAnswered = false;
    const outside = database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id))
      .then((rows) => {
        outsideAnswered = true;
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outsideAnswered).toBe(false);
    releaseTransaction();
    await transaction;
    expect((await outside).map((row) => row.email)).toEqual([user.email]);
  });

  it('rolls a failed transaction back', async () => {
    const user = newUser();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(user);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('answers a unique violation as one, and keeps serving after it', async () => {
    const user = newUser();
    await database.db.insert(users).values(user);
    const error = await database.db
      .insert(users)
      .values({ ...user, id: randomUUID() })
      .catch((failure: unknown) => failure);
    expect(isUniqueViolation(error)).toBe(true);
    await database.ping();
  });

  it('tells code that asks which engine it is the embedded one, with its pool (db/engine.ts)', () => {
    expect(engineOf(database.db)?.kind).toBe('pglite');
    expect(engineOf(database.db)?.pool).toBeInstanceOf(pg.Pool);
  });

  it('keeps the answers of many queries sent at once apart and in order', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => database.db.execute(sql`select ${index}::int as n`)),
    );
    expect(answers.map((answer) => (answer as { rows: { n: number }[] }).rows[0]!.n)).toEqual(
      Array.from({ length: 200 }, (_, index) => index),
    );
  });
});
