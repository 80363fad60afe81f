import { and, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  FORECAST_DAYS,
  RETENTION_MONTHS,
  type AnalyticsPeriod,
  type CardAnalytics,
  type SpreadBucket,
} from '@turtle/shared/cards-analytics';
import { STUDY_DAY_STARTS_AT_HOUR, studyDaysFrom, zoneOffsetAt } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import { DAY_MS, HOUR_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../../../db/database';
import { cards, reviewBuckets } from '../cards.tables';
import { dueOnStudyDays } from '../review/due-load';

/**
 * The analytics screen's figures, each computed by the database (one statement per figure, grouped by study day
 * or bucket), so the server never loads the log itself: the log's figures come from `review_buckets`, the log summed
 * per deck and quarter hour (decision 024). A past study day is counted with the learner's offset of today (see
 * `dayOf`): a DST change moves a boundary by an hour twice a year. The due cards ahead are counted on the shared study
 * days (`studyDaysFrom`), as the queue and load balancing count them.
 */

/** The width of a `review_buckets` row (migration 0012). */
const BUCKET_MS = 15 * 60_000;

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
  // Every zone's offset today is a whole number of quarter hours, so this rounding changes nothing but guarantees a
  // study day is made of whole buckets.
  const shift =
    Math.round((zoneOffsetAt(scope.now, scope.tz) - STUDY_DAY_STARTS_AT_HOUR * HOUR_MS) / BUCKET_MS) * BUCKET_MS;
  const today = Math.floor((scope.now + shift) / DAY_MS);
  const firstDay = today - scope.days + 1;
  const todayDate = new Date(today * DAY_MS);
  const firstMonthDay =
    Date.UTC(todayDate.getUTCFullYear(), todayDate.getUTCMonth() - (RETENTION_MONTHS - 1), 1) / DAY_MS;
  // One pass over the log covers the period and the 12 months of retention.
  const fromDay = Math.min(firstDay, firstMonthDay);
  const bucketScope = (...conditions: SQL[]) =>
    and(
      eq(reviewBuckets.userId, scope.userId),
      scope.deckId ? eq(reviewBuckets.deckId, scope.deckId) : undefined,
      ...conditions,
    );
  const cardScope = (...conditions: SQL[]) =>
    and(eq(cards.userId, scope.userId), scope.deckId ? eq(cards.deckId, scope.deckId) : undefined, ...conditions);
  // Whole-number division of positive times: the study day, cheaper than a float floor per row.
  const dayOf = (column: typeof reviewBuckets.bucketStart | typeof cards.due) =>
    sql<number>`((${column} + ${shift}::bigint) / ${DAY_MS}::bigint)`.mapWith(Number);

  // The three statements are independent: on PostgreSQL they run at once on the pool's connections.
  // The log summed by quarter hour (decision 024): a study day is a whole number of them in every zone.
  const dayQuery = db
    .select({
      day: dayOf(reviewBuckets.bucketStart),
      reviews: sql<number>`sum(${reviewBuckets.reviews})`.mapWith(Number),
      durationMs: sql<number>`sum(${reviewBuckets.durationMs})`.mapWith(Number),
      mature: sql<number>`sum(${reviewBuckets.mature})`.mapWith(Number),
      maturePassed: sql<number>`sum(${reviewBuckets.maturePassed})`.mapWith(Number),
    })
    .from(reviewBuckets)
    .where(bucketScope(gte(reviewBuckets.bucketStart, fromDay * DAY_MS - shift)))
    .groupBy(sql`1`);
  // The days ahead are the shared study days (DST included), so each card counts on the day its due date falls in.
  const forecastDays = studyDaysFrom(scope.now, scope.tz, FORECAST_DAYS);
  const dueQuery = dueOnStudyDays(db, forecastDays, cardScope(ne(cards.state, CardState.NEW)), true);
  const [dayRows, dueCounts, { stability, difficulty }] = await Promise.all([
    dayQuery,
    dueQuery,
    readSpreads(db, cardScope),
  ]);
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const reviewsPerDay = Array.from({ length: scope.days }, (_, index) => {
    const row = byDay.get(firstDay + index);
    return { date: dayLabel(firstDay + index), reviews: row?.reviews ?? 0, durationMs: row?.durationMs ?? 0 };
  });
  const retentionByMonth = monthsOf(dayRows, firstMonthDay);

  const duePerDay = forecastDays.map((day, index) => ({ date: day.label, due: dueCounts[index]! }));

  const since = fromDay * DAY_MS - shift;
  const streak = await readStreak(db, { today, fromDay, since }, new Set(byDay.keys()), dayOf, bucketScope);
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

type Scope = (...conditions: SQL[]) => SQL | undefined;

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

async function readSpreads(db: DbOrTx, cardScope: Scope) {
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
  dayOf: (column: typeof reviewBuckets.bucketStart) => SQL<number>,
  bucketScope: Scope,
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
      .selectDistinct({ day: dayOf(reviewBuckets.bucketStart) })
      .from(reviewBuckets)
      .where(bucketScope(lt(reviewBuckets.bucketStart, since)))
      .orderBy(sql`1 desc`);
    for (const row of older) {
      if (row.day !== day) break;
      streak++;
      day--;
    }
  }
  return { days: streak, reviewedToday };
}
