import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { cards } from '../cards.tables';

/** How many cards each of `userIds` has (the console's people list, decision 037). */
export async function countCards(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: cards.userId, count: sql<number>`count(*)::int` })
    .from(cards)
    .where(inArray(cards.userId, userIds))
    .groupBy(cards.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}
