import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LocalSlots } from '../src/core/assistant/local-slots';
import { LocalQuota } from '../src/core/assistant/reply-quota';
import { repliesUsed } from '../src/core/assistant/usage.repository';
import type { Database } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { activeStreams, chatMessages, conversations, users } from '../src/db/schema';
import { createUser } from './support/factories';

/**
 * On PGlite a reply's stream slot lives in the process and the day's count is written behind (decision 014); the
 * slot's row goes in the same writes, so after a crash the next start gives back exactly the replies it cut. Always
 * the embedded database, of its own: reclaiming at start takes every row there is.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await runMigrations(database);
});
afterAll(() => database.close());

const day = '2026-11-27';
const log = { warn: () => undefined };

async function person() {
  return (await createUser(database.db, { name: `Slot-${randomUUID()}` })).id;
}

const rowOf = async (userId: string) =>
  (await database.db.select().from(activeStreams).where(eq(activeStreams.userId, userId)))[0];

function keepers() {
  const quota = new LocalQuota(database.db, log);
  return { quota, slots: new LocalSlots(database.db, quota) };
}

describe('the slot rows written behind with the count (PGlite)', () => {
  it('writes a running reply\u2019s row with its count, and deletes it once the reply ends', async () => {
    const { quota, slots } = keepers();
    const userId = await person();
    const taken = await slots.take({ userId, owner: 'here', day, replyLimit: 5 }, 1_000);
    await quota.flush();
    expect(await repliesUsed(database.db, userId, day)).toBe(1);
    expect(await rowOf(userId)).toMatchObject({ owner: 'here', day, messageId: null, heartbeatAt: 1_000 });
    await taken.slot!.release();
    await quota.flush();
    expect(await rowOf(userId)).toBeUndefined();
    expect(await repliesUsed(database.db, userId, day)).toBe(1);
  });

  it('gives a failed reply back and deletes its row in one write; a reply begun and ended between writes leaves none', async () => {
    const { quota, slots } = keepers();
    const [failed, quick] = [await person(), await person()];
    const running = await slots.take({ userId: failed, owner: 'here', day, replyLimit: 5 });
    await quota.flush();
    await quota.refund(failed, day);
    await running.slot!.release();
    const done = await slots.take({ userId: quick, owner: 'here', day, replyLimit: 5 });
    await done.slot!.release();
    await quota.flush();
    expect(await repliesUsed(database.db, failed, day)).toBe(0);
    expect(await repliesUsed(database.db, quick, day)).toBe(1);
    expect(await rowOf(failed)).toBeUndefined();
    expect(await rowOf(quick)).toBeUndefined();
  });

  it('still writes everyone else\u2019s row and count when one person was deleted before the write', async () => {
    const warnings: unknown[] = [];
    const quota = new LocalQuota(database.db, { warn: (object) => void warnings.push(object) });
    const slots = new LocalSlots(database.db, quota);
    const [kept, deleted] = [await person(), await person()];
    await slots.take({ userId: kept, owner: 'here', day, replyLimit: 5 });
    await slots.take({ userId: deleted, owner: 'here', day, replyLimit: 5 });
    await database.db.delete(users).where(eq(users.id, deleted));
    await quota.flush();
    expect(await repliesUsed(database.db, kept, day)).toBe(1);
    expect(await rowOf(kept)).toMatchObject({ day });
    expect(warnings).toHaveLength(1);
  });

  it('at the next start, gives back each reply whose row a crash left and stops kept ones; a reply whose count was never written only stops', async () => {
    const before = keepers();
    const [stateless, kept, unwritten] = [await person(), await person(), await person()];
    const keptReply = await streamingReply(kept);
    const unwrittenReply = await streamingReply(unwritten);
    await before.slots.take({ userId: stateless, owner: 'here', day, replyLimit: 5 });
    await before.slots.take({ userId: kept, owner: 'here', messageId: keptReply, day, replyLimit: 5 });
    await before.quota.flush();
    // The crash: the last take is never written.
    await before.slots.take({ userId: unwritten, owner: 'here', messageId: unwrittenReply, day, replyLimit: 5 });

    await keepers().slots.reclaimAtStart();
    expect(await repliesUsed(database.db, stateless, day)).toBe(0);
    expect(await repliesUsed(database.db, kept, day)).toBe(0);
    expect(await repliesUsed(database.db, unwritten, day)).toBe(0);
    expect(await database.db.select().from(activeStreams)).toEqual([]);
    const statuses = await database.db.select({ status: chatMessages.status }).from(chatMessages);
    expect(statuses.map(({ status }) => status)).toEqual(['stopped', 'stopped']);
  });
});

/** A kept reply being written, as the chat saves it before it streams; its id. */
async function streamingReply(userId: string): Promise<string> {
  const conversationId = randomUUID();
  const now = Date.now();
  await database.db
    .insert(conversations)
    .values({ id: conversationId, userId, title: 'Q', createdAt: now, updatedAt: now });
  const id = randomUUID();
  await database.db
    .insert(chatMessages)
    .values({ id, conversationId, role: 'assistant', content: 'So', status: 'streaming', createdAt: now });
  return id;
}
