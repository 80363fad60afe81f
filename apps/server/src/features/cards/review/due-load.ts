import { and, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { StudyDay } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../../db/database';
import { cards } from '../cards.tables';

/**
 * The cards `where` selects that are due on each of `days` (consecutive study days, in order): one statement,
 * counted per day by `width_bucket` over the days' starts (docs/decisions/043-daily-load.md). With `overdue`, a card
 * due before the first day counts on it (where it will be reviewed); without, it is not read.
 */
export async function dueOnStudyDays(
  db: DbOrTx,
  days: StudyDay[],
  where: SQL | undefined,
  overdue: boolean,
): Promise<number[]> {
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
    .where(and(where, overdue ? undefined : gte(cards.due, bounds[0]!), lt(cards.due, bounds[bounds.length - 1]!)))
    .groupBy(sql`1`);
  for (const row of rows) {
    const index = Math.max(row.bucket, 1) - 1;
    if (index < days.length) counts[index]! += row.due;
  }
  return counts;
}

/**
 * The person's reviews due on each of `days`, the card `except` left out, read from the (user, state, due) index
 * over the days' span.
 */
export function dueReviewsOn(db: DbOrTx, userId: string, days: StudyDay[], except: string): Promise<number[]> {
  const where = and(eq(cards.userId, userId), eq(cards.state, CardState.REVIEW), ne(cards.id, except));
  return dueOnStudyDays(db, days, where, false);
}

/** The person's reviews due on each of `days` from today, the overdue ones counted today (an import's calendar). */
export function dueReviewsFrom(db: DbOrTx, userId: string, days: StudyDay[]): Promise<number[]> {
  return dueOnStudyDays(db, days, and(eq(cards.userId, userId), eq(cards.state, CardState.REVIEW)), true);
}
