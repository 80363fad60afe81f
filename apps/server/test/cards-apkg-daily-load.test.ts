import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORECAST_DAYS, type CardAnalytics } from '@turtle/shared/cards-analytics';
import { studyDayAt, studyDayNumber } from '@turtle/shared/cards-day';
import { WEEKDAYS, type EasyDayLevel } from '@turtle/shared/cards-review';
import { reviewLogs } from '../src/db/schema';
import { ratingInterval } from '../src/features/cards/review/fuzz-range';
import { weekdayOf } from '../src/features/cards/review/load-balancer';
import { DEFAULT_CARD_SETTINGS } from '../src/features/cards/settings.repository';
import { ankiDayInstant } from '../src/features/cards/transfer/anki-fsrs';
import { replayHistory } from '../src/features/cards/transfer/apkg-replay';
import { ankiCollection, ankiPackage, type AnkiNoteInput } from './support/anki-package';
import { fsrsPackage18, importedCards, type AnkiCardColumns } from './support/anki-package-fsrs';
import { packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Load balancing and Easy Days on import (docs/decisions/043-daily-load.md): a due date the replay computes is placed
 * on the lightest day of its fuzz range as a grade's would be; a due date Anki gives is kept exactly; the forecast of
 * due cards counts them where they are.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const ZONE = 'Europe/Paris';
const now = Date.now();
const secs = (ms: number) => Math.floor(ms / 1000);

/** A history that ends in review, its last grade 2 hours ago; `shift` ms later for each card (revlog ids differ). */
const historyAt = (shift: number): [number, number, number, number][] => [
  [now - 20 * DAY + shift, 3, 0, 4000],
  [now - 19 * DAY + shift, 3, 1, 3000],
  [now - 9 * DAY + shift, 3, 1, 3000],
  [now - 2 * 3_600_000 + shift, 3, 1, 3000],
];

/** The replay's last interval and fuzz range for a history, as the import computes them in `ZONE`. */
function replayed(log: [number, number, number, number][]) {
  const reviews = log.map(([at, ease, type, timeMs]) => ({ at, cardId: 0, ease, type, timeMs }));
  const { last, lastAt } = replayHistory(reviews, DEFAULT_CARD_SETTINGS, ZONE);
  const interval = ratingInterval(last, lastAt, DEFAULT_CARD_SETTINGS)!;
  return { lastAt, fuzzed: interval.fuzzed, range: interval.range! };
}

/** `count` histories whose plain fuzz gives one and the same interval: they would all land on one day. */
function oneDayHistories(count: number) {
  const byInterval = new Map<number, number[]>();
  for (let shift = 0; shift < 400 * 1000; shift += 1000) {
    const { fuzzed } = replayed(historyAt(shift));
    byInterval.set(fuzzed, [...(byInterval.get(fuzzed) ?? []), shift]);
    const shifts = byInterval.get(fuzzed)!;
    if (shifts.length === count) return { shifts, ...replayed(historyAt(shifts[0]!)) };
  }
  throw new Error('no interval came up often enough');
}

const replayedNotes = (shifts: number[], prefix: string): AnkiNoteInput[] =>
  shifts.map((shift, index) => ({
    model: 'basic',
    deck: 1,
    fields: [`${prefix} ${index}`, 'x'],
    revlog: { 0: historyAt(shift) },
  }));

/** The study days (numbers, in `ZONE`) the imported cards whose front starts with `prefix` are due on. */
async function dueDays(userId: string, prefix: string) {
  const imported = await importedCards(server.database.db, userId);
  return [...imported]
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, card]) => ({ key, card, day: studyDayNumber(card.due, ZONE) }));
}

describe('load balancing an Anki import', () => {
  const CARDS = 10;
  const plan = oneDayHistories(CARDS);
  const dayOf = (interval: number) => studyDayNumber(plan.lastAt + interval * DAY, ZONE);

  it('without balancing, the replayed cards all land on the one day plain fuzz gives', async () => {
    const { user, client, upload } = await packageSender(server, 'Unbalanced importer');
    const settings = { desiredRetention: 0.9, newPerDay: 20, reviewsPerDay: 200, loadBalancing: false };
    expect((await client.call('/api/cards/settings', settings)).status).toBe(200);
    const bytes = ankiPackage(await ankiCollection({ 1: 'Default' }, replayedNotes(plan.shifts, 'Same')));
    expect((await upload(`/api/cards/import/apkg?tz=${ZONE}`, bytes)).status).toBe(200);
    const days = await dueDays(user.id, 'Same');
    expect(days).toHaveLength(CARDS);
    expect(new Set(days.map(({ day }) => day))).toEqual(new Set([dayOf(plan.fuzzed)]));
  });

  it('spreads them over their fuzz range, each day taking its share, off Minimum weekdays', async () => {
    expect(plan.range.max - plan.range.min).toBeGreaterThanOrEqual(3);
    const { user, client, upload } = await packageSender(server, 'Balanced importer');
    // The range's second day is a Minimum weekday (the others Normal, unless they share its weekday).
    const minimum = weekdayOf(studyDayAt(plan.lastAt + (plan.range.min + 1) * DAY, ZONE));
    const easyDays: EasyDayLevel[] = WEEKDAYS.map((_, weekday) => (weekday === minimum ? 'minimum' : 'normal'));
    const settings = { desiredRetention: 0.9, newPerDay: 20, reviewsPerDay: 200, easyDays };
    expect((await client.call('/api/cards/settings', settings)).status).toBe(200);
    const bytes = ankiPackage(await ankiCollection({ 1: 'Default' }, replayedNotes(plan.shifts, 'Spread')));
    expect((await upload(`/api/cards/import/apkg?tz=${ZONE}`, bytes)).status).toBe(200);

    const days = await dueDays(user.id, 'Spread');
    const open = [];
    for (let interval = plan.range.min; interval <= plan.range.max; interval++) {
      if (weekdayOf(studyDayAt(plan.lastAt + interval * DAY, ZONE)) !== minimum) open.push(dayOf(interval));
    }
    const perDay = new Map(open.map((day) => [day, days.filter((card) => card.day === day).length]));
    expect([...perDay.values()].reduce((sum, n) => sum + n, 0)).toBe(CARDS);
    expect(Math.max(...perDay.values()) - Math.min(...perDay.values())).toBeLessThanOrEqual(1);
    for (const { card, day } of days) {
      // Placed whole days after the last review (its time of day kept), the log ending where the card is.
      expect(card.due).toBe(card.lastReview! + card.scheduledDays * DAY);
      expect(studyDayNumber(card.lastReview! + card.scheduledDays * DAY, ZONE)).toBe(day);
      const [last] = await server.database.db
        .select()
        .from(reviewLogs)
        .where(eq(reviewLogs.cardId, card.id))
        .orderBy(desc(reviewLogs.reviewedAt))
        .limit(1);
      expect(last).toMatchObject({ dueAfter: card.due, scheduledDays: card.scheduledDays });
    }
  });
});

describe('Anki due dates in a balanced import', () => {
  const crt = secs(Date.UTC(2023, 5, 10, 3));
  const scheduling = { crt, creationMinutesWest: -60, localMinutesWest: -60, fsrs: true };
  const plan = oneDayHistories(4);
  const busy = studyDayNumber(plan.lastAt + plan.fuzzed * DAY, ZONE);
  // Anki's day number for the busy day: days since the collection's first day, in its offset (UTC+1).
  const ankiDay = busy - Math.floor((crt * 1000 + 60 * 60_000) / DAY);
  const ANKI_CARDS = 6;
  const ankiNotes: AnkiNoteInput[] = Array.from({ length: ANKI_CARDS }, (_, index) => ({
    model: 'basic',
    deck: 1,
    fields: [`Anki ${index}`, 'y'],
  }));
  const columns: AnkiCardColumns[] = ankiNotes.map((_, index) => ({
    ...{ type: 2, queue: 2, due: ankiDay + (index % 2), ivl: 20, reps: 3, lapses: 0, left: 0 },
    data: `{"s":21.5,"d":5.5,"dr":0.9,"decay":0.154,"lrt":${secs(now - 5 * DAY)}}`,
  }));

  it('keeps them exactly, counts them, and the forecast of due cards shows every card on its day', async () => {
    const { user, client, upload } = await packageSender(server, 'Anki and replayed');
    const notes = [...ankiNotes, ...replayedNotes(plan.shifts, 'Replayed')];
    const bytes = await fsrsPackage18({ 1: 'Default' }, notes, { crt, offset: -60, fsrs: true, cards: columns });
    expect((await upload(`/api/cards/import/apkg?tz=${ZONE}`, bytes)).status).toBe(200);

    const anki = await dueDays(user.id, 'Anki');
    expect(anki).toHaveLength(ANKI_CARDS);
    for (const { key, card } of anki) {
      const index = Number(/^Anki (\d+)#/.exec(key)![1]);
      expect(card.due).toBe(ankiDayInstant(ankiDay + (index % 2), scheduling));
    }
    expect(anki.map(({ day }) => day).sort()).toEqual([busy, busy, busy, busy + 1, busy + 1, busy + 1].sort());
    // The replayed cards' plain day has three of Anki's: they go elsewhere in the range.
    const replayedDays = (await dueDays(user.id, 'Replayed')).map(({ day }) => day);
    expect(replayedDays).toHaveLength(4);
    expect(replayedDays).not.toContain(busy);

    const analytics = (await client.call(`/api/cards/analytics?tz=${ZONE}`)).data as CardAnalytics;
    const today = studyDayNumber(Date.now(), ZONE);
    const expected = new Map<string, number>();
    for (const { card } of [...anki, ...(await dueDays(user.id, 'Replayed'))]) {
      const day = Math.max(today, studyDayNumber(card.due, ZONE));
      if (day >= today + FORECAST_DAYS) continue;
      const label = new Date(day * DAY).toISOString().slice(0, 10);
      expected.set(label, (expected.get(label) ?? 0) + 1);
    }
    const shown = new Map(analytics.duePerDay.filter((day) => day.due > 0).map((day) => [day.date, day.due]));
    expect(shown).toEqual(expected);
  });
});
