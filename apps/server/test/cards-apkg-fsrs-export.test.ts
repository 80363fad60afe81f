import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { cardNotes, cards, reviewLogs } from '../src/db/schema';
import { DEFAULT_CARD_SETTINGS, saveCardSettings } from '../src/features/cards/settings.repository';
import { importedCards, readExport } from './support/anki-package-fsrs';
import { packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * FSRS state in an export (docs/decisions/040-anki-fsrs-state.md): the memory state, the parameters, the FSRS flag,
 * the remaining steps and Anki's revlog conventions, read back with the tests' SQLite; and a round trip.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const secs = (ms: number) => Math.floor(ms / 1000);

/** A Turtle learner with new, learning and review cards (Easy, Good, Again, Good over five new cards). */
async function turtleLearner(name: string) {
  const sender = await packageSender(server, name);
  const deck = await sender.client.createDeck('FSRS export');
  await sender.client.createCard(deck.id, { kind: 'reversed', front: 'gato', back: 'cat' });
  for (const [front, back] of [
    ['perro', 'dog'],
    ['casa', 'house'],
    ['sol', 'sun'],
  ] as const)
    await sender.client.createCard(deck.id, { front, back });
  for (const rating of [4, 3, 1, 3]) {
    const next = (await sender.client.call(`/api/cards/review/next?deckId=${deck.id}&ahead=1`))
      .data as NextCardResponse;
    if (!next.card) break;
    await sender.client.call('/api/cards/review/grade', { cardId: next.card.id, rating, durationMs: 1500 });
  }
  return sender;
}

describe('FSRS state in an export', () => {
  it('writes memory state, parameters, retention, the FSRS flag, steps left and revlog as Anki does', async () => {
    const learner = await turtleLearner('Exporting learner');
    await saveCardSettings(
      server.database.db,
      learner.user.id,
      { ...DEFAULT_CARD_SETTINGS, desiredRetention: 0.85 },
      Date.now(),
    );
    const exported = await readExport((await learner.client.bytes('/api/cards/export?format=apkg')).bytes);
    const conf = JSON.parse(String(exported.col.conf)) as Record<string, unknown>;
    expect(conf).toMatchObject({ fsrs: true, rollover: 4, creationOffset: 0 });
    const options = (JSON.parse(String(exported.col.dconf)) as Record<string, Record<string, unknown>>)['1']!;
    expect(options.desiredRetention).toBe(0.85);
    expect(options.fsrsParams6).toHaveLength(21);

    const crtDay = studyDayNumber(Number(exported.col.crt) * 1000, 'UTC');
    const rows = await server.database.db
      .select({ card: cards, id: cardNotes.id })
      .from(cards)
      .innerJoin(cardNotes, eq(cardNotes.id, cards.noteId))
      .where(eq(cards.userId, learner.user.id));
    const logs = await server.database.db
      .select()
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, learner.user.id))
      .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
    const states = new Set<number>();
    for (const { card, id } of rows) {
      const ord = card.ordinal;
      const row = exported.cards.find((item) => item.guid === id && item.ord === ord)!;
      states.add(card.state);
      expect(row.type).toBe(card.state);
      if (card.state === 0) {
        expect(row.data).toBe('{}');
        continue;
      }
      expect(JSON.parse(String(row.data))).toEqual({
        s: Math.round(card.stability * 10_000) / 10_000,
        d: Math.round(card.difficulty * 1000) / 1000,
        dr: 0.85,
        decay: 0.154,
        lrt: secs(card.lastReview!),
      });
      if (card.state === 2) {
        expect(row).toMatchObject({ queue: 2, due: studyDayNumber(card.due, 'UTC') - crtDay, left: 0 });
      } else {
        const steps = card.state === 3 ? 1 : 2;
        expect(row).toMatchObject({ queue: 1, due: secs(card.due), left: steps - card.learningSteps });
      }
      // Its log: learning steps in negative seconds, each lastIvl the ivl before, factor the difficulty shifted.
      const own = logs.filter((log) => log.cardId === card.id);
      const revlog = exported.revlog.filter((entry) => entry.cid === row.id);
      expect(revlog.map((entry) => entry.ease)).toEqual(own.map((log) => log.rating));
      own.forEach((log, index) => {
        const entry = revlog[index]!;
        expect(entry.type).toBe(log.stateBefore === 2 ? 1 : log.stateBefore === 3 ? 2 : 0);
        expect(entry.factor).toBe(Math.round(((log.difficultyAfter - 1) / 9 + 0.1) * 1000));
        expect(entry.lastIvl).toBe(index === 0 ? 0 : revlog[index - 1]!.ivl);
        if (log.stateAfter === 2) expect(entry.ivl).toBe(log.scheduledDays);
        else expect(entry.ivl).toBe(-Math.round((log.dueAfter - log.reviewedAt) / 1000));
      });
    }
    // The learner's cards cover new, learning and review, and the log has learning steps (negative seconds).
    expect([...states].sort()).toEqual([0, 1, 2]);
    expect(exported.revlog.some((entry) => Number(entry.ivl) < 0)).toBe(true);
    expect(exported.revlog).toHaveLength(logs.length);
  });

  it('a round trip Turtle → .apkg → Turtle keeps stability, difficulty, due, state and the log', async () => {
    const source = await turtleLearner('Round-trip source');
    const apkg = (await source.client.bytes('/api/cards/export?format=apkg')).bytes;
    const target = await packageSender(server, 'Round-trip target');
    expect((await target.upload('/api/cards/import/apkg', apkg)).status).toBe(200);
    const [before, after] = [
      await importedCards(server.database.db, source.user.id),
      await importedCards(server.database.db, target.user.id),
    ];
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [key, card] of before) {
      const back = after.get(key)!;
      expect(back.state, key).toBe(card.state);
      expect(back.grades, key).toEqual(card.grades);
      expect(back.reps, key).toBe(card.reps);
      expect(back.lapses, key).toBe(card.lapses);
      expect(back.learningSteps, key).toBe(card.learningSteps);
      expect(back.scheduledDays, key).toBe(card.scheduledDays);
      // At Anki's precision: stability to 4 places, difficulty to 3, a review's due day, a step's second.
      expect(back.stability, key).toBeCloseTo(card.stability, 4);
      expect(back.difficulty, key).toBeCloseTo(card.difficulty, 3);
      if (card.state === 2) expect(studyDayNumber(back.due, 'UTC')).toBe(studyDayNumber(card.due, 'UTC'));
      else if (card.state !== 0) expect(back.due).toBe(secs(card.due) * 1000);
      expect(back.lastReview === null ? null : secs(back.lastReview)).toBe(
        card.lastReview === null ? null : secs(card.lastReview),
      );
    }
  });
});
