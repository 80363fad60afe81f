import { eq } from 'drizzle-orm';
import { fsrs, createEmptyCard, generatorParameters, type Card, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { studyDayAt } from '@turtle/shared/cards-day';
import { DAY_MS } from '@turtle/shared/constants';
import type { GradeResponse, NextCardResponse, UndoResponse } from '@turtle/shared/cards-review';
import { cards, reviewLogs } from '../src/db/schema';
import { gradeCard } from '../src/features/cards/review/review.repository';
import { nextCard, queueCounts } from '../src/features/cards/review/review-queue';
import { DEFAULT_CARD_SETTINGS, getCardSettings } from '../src/features/cards/settings.repository';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();

async function person(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name });
  return { user, client: cardsClient(server.url, await createSessionToken(db, user.id)) };
}

const cardRow = async (id: string) => (await server.database.db.select().from(cards).where(eq(cards.id, id)))[0]!;

/** The card's memory state as ts-fsrs would hold it. */
function asFsrs(row: Awaited<ReturnType<typeof cardRow>>): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.lastReview === null ? undefined : new Date(row.lastReview),
  };
}

const SEQUENCE: Grade[] = [1, 3, 3, 2, 4, 1, 3, 3];

describe('reviewing on FSRS', () => {
  it('after a fixed sequence of grades over the API, the card is exactly what ts-fsrs computes', async () => {
    const { client } = await person('Grader');
    const deck = await client.createDeck('FSRS');
    await client.createCard(deck.id, { front: 'What does FSRS stand for?', back: 'Free Spaced Repetition Scheduler' });
    const next = (await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse;
    const cardId = next.card!.id;
    const created = await cardRow(cardId);
    for (const rating of SEQUENCE) {
      const res = await client.call('/api/cards/review/grade', { cardId, rating, durationMs: 2500 });
      expect(res.status).toBe(200);
    }
    const logs = await server.database.db
      .select()
      .from(reviewLogs)
      .where(eq(reviewLogs.cardId, cardId))
      .orderBy(reviewLogs.id);
    expect(logs.map((log) => log.rating)).toEqual(SEQUENCE);

    // The same grades at the same moments, through ts-fsrs with the documented settings.
    const scheduler = fsrs(generatorParameters({ request_retention: 0.9, enable_fuzz: true, enable_short_term: true }));
    let expected = createEmptyCard(new Date(created.due));
    for (const log of logs) {
      const before = expected;
      expected = scheduler.next(expected, new Date(log.reviewedAt), log.rating as Grade).card;
      expect(log.stateBefore).toBe(before.state);
      expect(log.stateAfter).toBe(expected.state);
      expect(log.durationMs).toBe(2500);
    }
    expect(asFsrs(await cardRow(cardId))).toEqual(expected);
  });

  it('over two months of reviews at chosen times, state, stability and due match ts-fsrs, fuzz included', async () => {
    const { user, client } = await person('Long run');
    const deck = await client.createDeck('Long run');
    await client.createCard(deck.id, { front: 'Compound interest', back: 'Interest on interest' });
    const cardId = ((await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse).card!.id;
    // Balancing is on: with no other card due, the balanced day is the fuzzed one (docs/decisions/043-daily-load.md).
    const settings = { ...DEFAULT_CARD_SETTINGS, desiredRetention: 0.85 };
    const scheduler = fsrs(
      generatorParameters({ request_retention: 0.85, enable_fuzz: true, enable_short_term: true }),
    );
    let expected = asFsrs(await cardRow(cardId));
    let now = Date.UTC(2026, 0, 5, 9);
    // ts-fsrs counts elapsed days by UTC midnights; the scheduler counts study days, from 4 am in the learner's zone
    // (UTC here: none is named; docs/decisions/012-flashcards.md), so ts-fsrs is handed the last review that many
    // whole days back (it reads `last_review` for that count only). Reviews 3 hours late fall before 4 am.
    const studyDay = (ms: number) => Math.floor((ms - 4 * 3_600_000) / DAY_MS);
    const counted = (card: Card, at: number): Card =>
      card.last_review
        ? { ...card, last_review: new Date(at - (studyDay(at) - studyDay(card.last_review.getTime())) * DAY_MS) }
        : card;
    for (const rating of [3, 3, 3, 1, 3, 4, 3, 2, 3] as Grade[]) {
      await gradeCard(server.database.db, { userId: user.id, cardId, rating, durationMs: 4000, settings, now });
      expected = scheduler.next(counted(expected, now), new Date(now), rating).card;
      expect(asFsrs(await cardRow(cardId))).toEqual(expected);
      // The next review comes when it is due, a little late.
      now = expected.due.getTime() + 3 * 3_600_000;
    }
    expect(expected.scheduled_days).toBeGreaterThan(5);
    expect(now - Date.UTC(2026, 0, 5, 9)).toBeGreaterThan(30 * DAY_MS);
  });

  it('shows each rating’s interval, and Easy puts a new card away longer than Again', async () => {
    const { client } = await person('Previewer');
    const deck = await client.createDeck('Preview');
    await client.createCard(deck.id, { front: 'Q', back: 'A' });
    const { card } = (await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse;
    expect(card!.intervals[1].label).toBe('1m');
    expect(card!.intervals[3].label).toBe('10m');
    expect(card!.intervals[4].due).toBeGreaterThan(card!.intervals[3].due);
    expect(card!.intervals[4].label).toMatch(/^\d+d$/);
  });

  it('undo puts the card back as it was and removes the log entry', async () => {
    const { client } = await person('Undoer');
    const deck = await client.createDeck('Undo');
    await client.createCard(deck.id, { front: 'Undo me', back: 'A' });
    const first = (await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse;
    const before = await cardRow(first.card!.id);
    const graded = (await client.call('/api/cards/review/grade', { cardId: first.card!.id, rating: 4, durationMs: 10 }))
      .data as GradeResponse;
    expect(graded.state).toBe(2);
    const undo = await client.call('/api/cards/review/undo', {});
    expect(undo.status).toBe(200);
    expect((undo.data as UndoResponse).card).toMatchObject({ id: first.card!.id, front: 'Undo me', state: 0 });
    expect(await cardRow(first.card!.id)).toEqual(before);
    const logs = await server.database.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, first.card!.id));
    expect(logs).toEqual([]);
    const again = await client.call('/api/cards/review/undo', {});
    expect(again.status).toBe(404);
    expect((again.data as { message: string }).message).toBe('There is no grade to undo.');
  });

  it('keeps to the day’s limits: new cards a day, and reviews a day', async () => {
    const { client } = await person('Limited');
    const deck = await client.createDeck('Limits');
    for (let index = 0; index < 4; index += 1) await client.createCard(deck.id, { front: `Card ${index}` });
    expect(
      (await client.call('/api/cards/settings', { desiredRetention: 0.9, newPerDay: 2, reviewsPerDay: 200 })).status,
    ).toBe(200);
    const counts = async () =>
      ((await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse).counts;
    expect(await counts()).toEqual({ new: 2, learning: 0, review: 0 });
    for (let index = 0; index < 2; index += 1) {
      const { card } = (await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse;
      await client.call('/api/cards/review/grade', { cardId: card!.id, rating: 4, durationMs: 100 });
    }
    const after = (await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse;
    expect(after).toMatchObject({ card: null, counts: { new: 0, learning: 0, review: 0 }, nextDueAt: null });
    expect(
      (await client.call('/api/cards/settings', { desiredRetention: 0.99, newPerDay: 2, reviewsPerDay: 1 })).status,
    ).toBe(400);
  });

  it('a learning card comes back when due, or within the learn-ahead; past it the screen is told when', async () => {
    const { client } = await person('Learner');
    const deck = await client.createDeck('Learning');
    await client.createCard(deck.id, { front: 'Step' });
    const next = async (query = '') =>
      (await client.call(`/api/cards/review/next?deckId=${deck.id}${query}`)).data as NextCardResponse;
    const { card } = await next();
    await client.call('/api/cards/review/grade', { cardId: card!.id, rating: 2, durationMs: 100 });
    // Hard on a new card: about 6 minutes, within the 20-minute learn-ahead, so it is shown again.
    const soon = await next();
    expect(soon.card?.id).toBe(card!.id);
    expect(soon.card?.state).toBe(1);
    // Moved to an hour from now, past the learn-ahead; whether that is still today depends on the clock.
    const inAnHour = Date.now() + 3_600_000;
    await server.database.db.update(cards).set({ due: inAnHour }).where(eq(cards.id, card!.id));
    const later = await next('&tz=UTC');
    const day = studyDayAt(Date.now(), 'UTC');
    if (inAnHour < day.end) {
      expect(later).toMatchObject({ card: null, counts: { learning: 1 }, nextDueAt: inAnHour });
      expect((await next('&tz=UTC&ahead=1')).card?.id).toBe(card!.id);
    } else {
      expect(later).toMatchObject({ card: null, counts: { learning: 0 }, nextDueAt: null });
    }
  });

  it('a learning step due just after the 4 am cutoff stays in the session it was learnt in', async () => {
    const { user, client } = await person('Night owl');
    const deck = await client.createDeck('Late');
    await client.createCard(deck.id, { front: 'Past the cutoff' });
    const { id } = (await server.database.db.select().from(cards).where(eq(cards.deckId, deck.id)))[0]!;
    // The clock stands 10 minutes before the study day ends; the card's step falls 5 minutes after it.
    const day = studyDayAt(Date.now(), 'UTC');
    const now = day.end - 10 * 60_000;
    const db = server.database.db;
    await db
      .update(cards)
      .set({ state: 1, due: day.end + 5 * 60_000 })
      .where(eq(cards.id, id));
    const scope = {
      userId: user.id,
      deckId: deck.id,
      day: studyDayAt(now, 'UTC'),
      now,
      settings: await getCardSettings(db, user.id),
    };
    expect(scope.day).toEqual(day);
    expect(await queueCounts(db, scope)).toMatchObject({ learning: 1 });
    expect((await nextCard(db, scope, false)).card?.id).toBe(id);
    // Past the learn-ahead it is tomorrow's: not counted, not shown, and no wait announced.
    await db
      .update(cards)
      .set({ due: now + 30 * 60_000 })
      .where(eq(cards.id, id));
    expect(await nextCard(db, scope, true)).toMatchObject({ card: null, counts: { learning: 0 }, nextDueAt: null });
  });

  it('refuses an unknown time zone and a rating outside 1 to 4', async () => {
    const { client } = await person('Picky');
    const res = await client.call('/api/cards/review/next?tz=Mars/Olympus');
    expect(res.status).toBe(400);
    expect((res.data as { message: string }).message).toContain('time zone');
    const grade = await client.call('/api/cards/review/grade', { cardId: 'x', rating: 5, durationMs: 1 });
    expect(grade.status).toBe(400);
  });
});
