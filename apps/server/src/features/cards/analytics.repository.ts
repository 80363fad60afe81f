import { and, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  FORECAST_DAYS,
  MATURE_INTERVAL_DAYS,
  RETENTION_MONTHS,
  type AnalyticsPeriod,
  type CardAnalytics,
  type SpreadBucket,
} from '@turtle/shared/cards-analytics';
import { STUDY_DAY_STARTS_AT_HOUR, zoneOffsetAt } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import { DAY_MS, HOUR_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../../db/database';
import { cards, reviewLogs } from '../../db/schema';

/**
 * The analytics screen's figures, each computed by the database (one statement per figure, grouped by study day
 * or bucket), so the server never loads the log itself. A study day is counted with the learner's offset of today
 * (see `dayOf`): a DST change moves a boundary by an hour twice a year.
 */

const dayLabel = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export interface AnalyticsScope {
  userId: string;
  deckId: string | undefined;
  days: AnalyticsPeriod;
  tz: string;
  desiredRetention: number;
  now: number;
}

/** Stability buckets, in days: a card's memory half-life is an easy thing to read in these. */
const STABILITY_EDGES = [1, 7, 30, 90, 365] as const;
const STABILITY_LABELS = ['under 1 day', '1–7 days', '1–4 weeks', '1–3 months', '3–12 months', 'over a year'];

export async function readAnalytics(db: DbOrTx, scope: AnalyticsScope): Promise<CardAnalytics> {
  const shift = zoneOffsetAt(scope.now, scope.tz) - STUDY_DAY_STARTS_AT_HOUR * HOUR_MS;
  const today = Math.floor((scope.now + shift) / DAY_MS);
  const firstDay = today - scope.days + 1;
  const todayDate = new Date(today * DAY_MS);
  const firstMonthDay =
    Date.UTC(todayDate.getUTCFullYear(), todayDate.getUTCMonth() - (RETENTION_MONTHS - 1), 1) / DAY_MS;
  // One pass over the log covers the period and the 12 months of retention.
  const fromDay = Math.min(firstDay, firstMonthDay);
  // The deck's reviews: the log has no deck column, so its cards are joined (a deck's reviews are a share of them).
  const deckCards = scope.deckId
    ? db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.userId, scope.userId), eq(cards.deckId, scope.deckId)))
    : undefined;
  const logScope = (...conditions: SQL[]) =>
    and(
      eq(reviewLogs.userId, scope.userId),
      deckCards ? inArray(reviewLogs.cardId, deckCards) : undefined,
      ...conditions,
    );
  const cardScope = (...conditions: SQL[]) =>
    and(eq(cards.userId, scope.userId), scope.deckId ? eq(cards.deckId, scope.deckId) : undefined, ...conditions);
  // Whole-number division of positive times: the study day, cheaper than a float floor per row.
  const dayOf = (column: typeof reviewLogs.reviewedAt | typeof cards.due) =>
    sql<number>`((${column} + ${shift}::bigint) / ${DAY_MS}::bigint)`.mapWith(Number);
  const mature = sql`${reviewLogs.stateBefore} = ${CardState.REVIEW} and (${reviewLogs.previous} ->> 'scheduledDays')::int >= ${MATURE_INTERVAL_DAYS}`;

  const dayRows = await db
    .select({
      day: dayOf(reviewLogs.reviewedAt),
      reviews: sql<number>`count(*)`.mapWith(Number),
      durationMs: sql<number>`sum(${reviewLogs.durationMs})`.mapWith(Number),
      mature: sql<number>`count(*) filter (where ${mature})`.mapWith(Number),
      maturePassed: sql<number>`count(*) filter (where ${reviewLogs.rating} > 1 and ${mature})`.mapWith(Number),
    })
    .from(reviewLogs)
    .where(logScope(gte(reviewLogs.reviewedAt, fromDay * DAY_MS - shift)))
    .groupBy(sql`1`);
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const reviewsPerDay = Array.from({ length: scope.days }, (_, index) => {
    const row = byDay.get(firstDay + index);
    return { date: dayLabel(firstDay + index), reviews: row?.reviews ?? 0, durationMs: row?.durationMs ?? 0 };
  });
  const retentionByMonth = monthsOf(dayRows, firstMonthDay);

  const dueRows = await db
    .select({
      day: sql<number>`greatest(${dayOf(cards.due)}, ${today})`.mapWith(Number),
      due: sql<number>`count(*)`.mapWith(Number),
    })
    .from(cards)
    .where(cardScope(ne(cards.state, CardState.NEW), lt(cards.due, (today + FORECAST_DAYS) * DAY_MS - shift)))
    .groupBy(sql`1`);
  const dueByDay = new Map(dueRows.map((row) => [row.day, row.due]));
  const duePerDay = Array.from({ length: FORECAST_DAYS }, (_, index) => ({
    date: dayLabel(today + index),
    due: dueByDay.get(today + index) ?? 0,
  }));

  const { stability, difficulty } = await readSpreads(db, cardScope);
  const since = fromDay * DAY_MS - shift;
  const streak = await readStreak(db, { today, fromDay, since }, new Set(byDay.keys()), dayOf, logScope);
  const reviews = reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0);
  const totalMs = reviewsPerDay.reduce((sum, day) => sum + day.durationMs, 0);
  return {
    days: scope.days,
    deckId: scope.deckId ?? null,
    today: dayLabel(today),
    reviewsPerDay,
    retentionByMonth,
    desiredRetention: scope.desiredRetention,
    duePerDay,
    stability,
    difficulty,
    time: { reviews, totalMs, averagePerDayMs: Math.round(totalMs / scope.days) },
    streak,
  };
}

type LogScope = (...conditions: SQL[]) => SQL | undefined;

/**
 * True retention per month: of the reviews of mature cards (in review state, on an interval of 21 days or more when
 * reviewed, as the card was before the grade: `previous`), the share not rated Again.
 */
function monthsOf(dayRows: { day: number; mature: number; maturePassed: number }[], firstMonthDay: number) {
  const byMonth = new Map<string, { passed: number; total: number }>();
  for (const row of dayRows) {
    if (row.day < firstMonthDay || row.mature === 0) continue;
    const month = dayLabel(row.day).slice(0, 7);
    const counts = byMonth.get(month) ?? { passed: 0, total: 0 };
    counts.passed += row.maturePassed;
    counts.total += row.mature;
    byMonth.set(month, counts);
  }
  const first = new Date(firstMonthDay * DAY_MS);
  return Array.from({ length: RETENTION_MONTHS }, (_, index) => {
    const month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + index, 1)).toISOString().slice(0, 7);
    const { passed, total } = byMonth.get(month) ?? { passed: 0, total: 0 };
    return { month, passed, total, retention: total ? passed / total : null };
  });
}

async function readSpreads(db: DbOrTx, cardScope: (...conditions: SQL[]) => SQL | undefined) {
  const stabilityBucket = sql<number>`width_bucket(${cards.stability}, array[${sql.raw(STABILITY_EDGES.join(','))}]::float8[])`;
  const rows = await db
    .select({
      stability: stabilityBucket.mapWith(Number),
      difficulty: sql<number>`least(9, greatest(1, floor(${cards.difficulty})))::int`.mapWith(Number),
      cards: sql<number>`count(*)`.mapWith(Number),
    })
    .from(cards)
    .where(cardScope(ne(cards.state, CardState.NEW)))
    .groupBy(sql`1`, sql`2`);
  const stability: SpreadBucket[] = STABILITY_LABELS.map((label) => ({ label, cards: 0 }));
  const difficulty: SpreadBucket[] = Array.from({ length: 9 }, (_, index) => ({
    label: `${index + 1}–${index + 2}`,
    cards: 0,
  }));
  for (const row of rows) {
    stability[row.stability]!.cards += row.cards;
    difficulty[row.difficulty - 1]!.cards += row.cards;
  }
  return { stability, difficulty };
}

/**
 * Days in a row with a review, ending today, or yesterday while today has none yet. The days already read answer it
 * unless the streak reaches back past them; only then are the older days read.
 */
async function readStreak(
  db: DbOrTx,
  { today, fromDay, since }: { today: number; fromDay: number; since: number },
  known: Set<number>,
  dayOf: (column: typeof reviewLogs.reviewedAt) => SQL<number>,
  logScope: LogScope,
) {
  const reviewedToday = known.has(today);
  let day = reviewedToday ? today : today - 1;
  let streak = 0;
  while (day >= fromDay && known.has(day)) {
    streak++;
    day--;
  }
  if (day < fromDay) {
    const older = await db
      .selectDistinct({ day: dayOf(reviewLogs.reviewedAt) })
      .from(reviewLogs)
      .where(logScope(lt(reviewLogs.reviewedAt, since)))
      .orderBy(sql`1 desc`);
    for (const row of older) {
      if (row.day !== day) break;
      streak++;
      day--;
    }
  }
  return { days: streak, reviewedToday };
}
