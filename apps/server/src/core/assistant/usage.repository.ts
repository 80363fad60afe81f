import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { dailyUsage } from './assistant.tables';

export { usageDay } from './usage-day';

/**
 * Counts one reply if the user is under `limit` today, in one statement (two servers cannot both take the last
 * one). Returns the new count, or undefined when the limit is reached.
 */
export async function takeReply(db: DbOrTx, userId: string, day: string, limit: number): Promise<number | undefined> {
  if (limit <= 0) return undefined;
  const rows = await db
    .insert(dailyUsage)
    .values({ userId, day, replies: 1 })
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day],
      set: { replies: sql`${dailyUsage.replies} + 1` },
      setWhere: sql`${dailyUsage.replies} < ${limit}`,
    })
    .returning({ replies: dailyUsage.replies });
  return rows[0]?.replies;
}

/** Gives a reply back when the assistant failed before answering: a failure is not the person's to pay for. */
export async function refundReply(db: DbOrTx, userId: string, day: string) {
  await db
    .update(dailyUsage)
    .set({ replies: sql`greatest(${dailyUsage.replies} - 1, 0)` })
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day)));
}

export async function repliesUsed(db: DbOrTx, userId: string, day: string): Promise<number> {
  const rows = await db
    .select({ replies: dailyUsage.replies })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day)));
  return rows[0]?.replies ?? 0;
}

/** Writes days' counts as they are, in one statement (the embedded database's process keeps them: LocalQuota). */
export async function setRepliesUsed(db: DbOrTx, counts: { userId: string; day: string; replies: number }[]) {
  if (counts.length === 0) return;
  await db
    .insert(dailyUsage)
    .values(counts)
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day],
      set: { replies: sql.raw(`excluded.${dailyUsage.replies.name}`) },
    });
}
