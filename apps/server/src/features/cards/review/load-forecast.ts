import { and, asc, eq, ne } from 'drizzle-orm';
import { fsrs } from 'ts-fsrs';
import { FORECAST_DAYS } from '@turtle/shared/cards-analytics';
import { studyDayIndex, studyDaysFrom } from '@turtle/shared/cards-day';
import type { LoadForecast } from '@turtle/shared/cards-optimizer';
import { CardState } from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../../db/database';
import { cards } from '../cards.tables';
import { playCard, type ForecastWindow } from './forecast-play';
import { memoryColumns } from './review.repository';
import { schedulerParameters, toFsrsCard } from './scheduler';

/** At most this many new cards join the forecast (the queue's new-card limit applies on top). */
const FORECAST_CARDS_MAX = 50_000;

/**
 * Reviews a day over the next 30 study days at a desired retention, from the learner's own cards: each studied card
 * is played forward with their scheduler (their weights, no fuzz), each review failed one time in (1 − retention)
 * (`playCard`: a failed card comes back sooner), and new cards join at the learner's new-cards-a-day. A lower
 * retention gives longer intervals but more lapses, and the forecast weighs both. Expected counts, so fractions,
 * given to one decimal.
 */
export async function forecastLoad(
  db: DbOrTx,
  input: { userId: string; retention: number; weights: number[] | null; newPerDay: number; tz: string; now: number },
): Promise<LoadForecast> {
  // The shared study days (DST included): a review counts on the day its time falls in.
  const days = studyDaysFrom(input.now, input.tz, FORECAST_DAYS);
  const scheduler = fsrs({
    ...schedulerParameters({ desiredRetention: input.retention, weights: input.weights }),
    enable_fuzz: false,
  });
  const studied = await db
    .select(memoryColumns)
    .from(cards)
    .where(and(eq(cards.userId, input.userId), ne(cards.state, CardState.NEW)))
    .limit(FORECAST_CARDS_MAX);
  const fresh = await db
    .select(memoryColumns)
    .from(cards)
    .where(and(eq(cards.userId, input.userId), eq(cards.state, CardState.NEW)))
    .orderBy(asc(cards.due))
    .limit(Math.min(FORECAST_CARDS_MAX, input.newPerDay * FORECAST_DAYS));
  const perDay = new Array<number>(FORECAST_DAYS).fill(0);
  const window: ForecastWindow = {
    end: days[days.length - 1]!.end,
    dayIndex: (at) => Math.max(0, studyDayIndex(days, at)),
  };
  const failRate = 1 - input.retention;
  for (const row of studied) {
    const card = toFsrsCard(row);
    playCard(scheduler, card, Math.max(card.due.getTime(), days[0]!.start), window, perDay, failRate);
  }
  fresh.forEach((row, index) => {
    const start = days[Math.floor(index / Math.max(1, input.newPerDay))]!.start;
    const card = { ...toFsrsCard(row), due: new Date(start) };
    playCard(scheduler, card, start, window, perDay, failRate);
  });
  const total = perDay.reduce((sum, value) => sum + value, 0);
  return {
    retention: input.retention,
    perDay: perDay.map((reviews, index) => ({
      date: days[index]!.label,
      reviews: Math.round(reviews * 10) / 10,
    })),
    averagePerDay: Math.round((total / FORECAST_DAYS) * 10) / 10,
  };
}
