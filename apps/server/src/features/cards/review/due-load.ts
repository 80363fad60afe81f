import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { StudyDay } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../../db/database';
import { cards } from '../cards.tables';

/**
 * The person's reviews due on each of `days` (consecutive study days, in order), the card `except` left out: one
 * statement, read from the (user, state, due) index over the days' span and counted per day by `width_bucket`
 * (docs/decisions/043-daily-load.md).
 */
export async function dueReviewsOn(db: DbOrTx, userId: string, days: StudyDay[], except: string): Promise<number[]> {
  const counts = days.map(() => 0);
  if (days.length === 0) return counts;
  const bounds = [...days.map((day) => day.start), days[days.length - 1]!.end];
  const thresholds = sql.raw(`array[${bounds.map((bound) => Math.trunc(bound)).join(',')}]::bigint[]`);
  const rows = await db
    .select({
      bucket: sql<number>`width_bucket(${cards.due}, ${thresholds})`.mapWith(Number),
      due: sql<number>`count(*)`.mapWith(Number),
    })
    .from(cards)
    .where(
      and(
        eq(cards.userId, userId),
        eq(cards.state, CardState.REVIEW),
        gte(cards.due, bounds[0]!),
        lt(cards.due, bounds[bounds.length - 1]!),
        ne(cards.id, except),
      ),
    )
    .groupBy(sql`1`);
  for (const row of rows) if (row.bucket >= 1 && row.bucket <= days.length) counts[row.bucket - 1] = row.due;
  return counts;
}
