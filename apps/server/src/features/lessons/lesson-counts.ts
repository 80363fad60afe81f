import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { lessonProgress } from './lessons.tables';

/** How many lessons each of `userIds` has started (the console's people list, decision 037). */
export async function countStartedLessons(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: lessonProgress.userId, count: sql<number>`count(*)::int` })
    .from(lessonProgress)
    .where(inArray(lessonProgress.userId, userIds))
    .groupBy(lessonProgress.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}
