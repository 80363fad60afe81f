import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { replyUsage, replyUsageDays } from '../src/core/assistant/assistant.tables';
import type { ReplyUsageEntry } from '../src/core/assistant/reply-usage.repository';
import { ReplyUsageRecorder } from '../src/core/assistant/reply-usage-recorder';
import type { Db } from '../src/db/database';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer, withTestServer } from './support/use-test-server';

// docs/decisions/052-reply-usage-written-behind.md: the usage figures of ended replies are written behind, a burst's
// together; one bad entry loses no other; a shutdown writes what waits.
const server = useTestServer();

const entry = (userId: string, tokens: number, counted = true): ReplyUsageEntry => ({
  at: new Date(),
  userId,
  plan: 0,
  model: 'recorder-model',
  source: 'chat',
  ending: 'complete',
  promptTokens: tokens,
  completionTokens: tokens * 2,
  counted,
});

/** The database, counting the transactions begun through it. */
function countingTransactions(db: Db) {
  const counter = { transactions: 0 };
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'transaction') {
        return (...args: Parameters<Db['transaction']>) => {
          counter.transactions += 1;
          return target.transaction(...args);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { db: counted, counter };
}

const logged = () => {
  const errors: unknown[] = [];
  const log = { error: (fields: unknown) => errors.push(fields) } as unknown as ConstructorParameters<
    typeof ReplyUsageRecorder
  >[1];
  return { log, errors };
};

const rowsOf = (db: Db, userIds: string[]) => db.select().from(replyUsage).where(inArray(replyUsage.userId, userIds));

describe('the reply usage recorder', () => {
  it('writes a burst of replies in one transaction, rows and day sums equal to one write each', async () => {
    const db = server.database.db;
    const people = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const { db: counting, counter } = countingTransactions(db);
    const { log, errors } = logged();
    const recorder = new ReplyUsageRecorder(counting, log, 60_000);
    for (let index = 0; index < 30; index += 1) recorder.record(entry(people[index % 3]!.id, index + 1, index % 4 > 0));
    // Nothing is written while the replies are still ending.
    expect(
      await rowsOf(
        db,
        people.map((person) => person.id),
      ),
    ).toHaveLength(0);
    await recorder.flush();
    expect(counter.transactions).toBe(1);
    expect(errors).toEqual([]);
    expect(
      await rowsOf(
        db,
        people.map((person) => person.id),
      ),
    ).toHaveLength(30);
    for (const [p, person] of people.entries()) {
      const mine = Array.from({ length: 30 }, (_, index) => index).filter((index) => index % 3 === p);
      const [sums] = await db.select().from(replyUsageDays).where(eq(replyUsageDays.userId, person.id));
      expect(sums).toMatchObject({
        model: 'recorder-model',
        replies: 10,
        promptTokens: mine.reduce((sum, index) => sum + index + 1, 0),
        completionTokens: mine.reduce((sum, index) => sum + (index + 1) * 2, 0),
        estimated: mine.filter((index) => index % 4 === 0).length,
      });
    }
  });

  it('adds to the day sums already kept, across writes', async () => {
    const db = server.database.db;
    const person = await createUser(db);
    const { log } = logged();
    const recorder = new ReplyUsageRecorder(db, log, 60_000);
    recorder.record(entry(person.id, 5));
    await recorder.flush();
    recorder.record(entry(person.id, 7, false));
    recorder.record(entry(person.id, 1));
    await recorder.flush();
    const [sums] = await db.select().from(replyUsageDays).where(eq(replyUsageDays.userId, person.id));
    expect(sums).toMatchObject({ replies: 3, promptTokens: 13, completionTokens: 26, estimated: 1 });
  });

  it('keeps the others when one reply’s account is gone before the write, and logs the one', async () => {
    const db = server.database.db;
    const [kept, other] = [await createUser(db), await createUser(db)];
    const { log, errors } = logged();
    const recorder = new ReplyUsageRecorder(db, log, 60_000);
    recorder.record(entry(kept.id, 1));
    recorder.record(entry(randomUUID(), 2));
    recorder.record(entry(other.id, 3));
    await recorder.flush();
    expect((await rowsOf(db, [kept.id, other.id])).map((row) => row.promptTokens).sort()).toEqual([1, 3]);
    expect(errors).toHaveLength(1);
  });

  it('writes before the timer when a reply ends while a write is under way, in order', async () => {
    const db = server.database.db;
    const person = await createUser(db);
    const { log } = logged();
    const recorder = new ReplyUsageRecorder(db, log, 10);
    recorder.record(entry(person.id, 1));
    await expect.poll(async () => (await rowsOf(db, [person.id])).length, { timeout: 5_000 }).toBe(1);
    recorder.record(entry(person.id, 2));
    await expect.poll(async () => (await rowsOf(db, [person.id])).length, { timeout: 5_000 }).toBe(2);
  });
});

describe('the server', () => {
  it('writes the usage of a reply that just ended when it shuts down', async () => {
    await withTestServer({ fakeLlm: true }, async (app) => {
      const db = app.database.db;
      const user = await createUser(db);
      const cookie = await createSessionToken(db, user.id);
      const res = await call(app.url, '/api/chat/stream', {
        json: { messages: [{ role: 'user', content: 'Hello' }] },
        cookie,
      });
      expect(res.status).toBe(200);
      // The app alone closes (its shutdown), its database stays open to read; the write waits up to 250 ms.
      await app.app.close();
      expect(await rowsOf(db, [user.id])).toHaveLength(1);
    });
  });
});
