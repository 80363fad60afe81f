import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NextCardResponse, UndoResponse } from '@turtle/shared/cards-review';
import { Plan } from '@turtle/shared/plans';
import { cards, reviewLogs } from '../src/db/schema';
import { ankiCollection, ankiPackage } from './support/anki-package';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// Decision 012: undo takes back the person's own last grade, never a review an Anki import brought along.

const server = useTestServer();

const DAY = 86_400_000;
const T = Date.UTC(2026, 0, 5, 12);

async function person(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name, plan: Plan.PRO, expireAt: -1 });
  const cookie = await createSessionToken(db, user.id);
  const client = cardsClient(server.url, cookie);
  const importApkg = async () => {
    const collection = await ankiCollection({ 1: 'Default', 1_500_000_000_001: 'Imported' }, [
      {
        model: 'basic',
        deck: 1_500_000_000_001,
        fields: ['hola', 'hello'],
        revlog: {
          0: [
            [T, 3, 0, 4000],
            [T + DAY, 3, 1, 3000],
            [T + 4 * DAY, 1, 1, 9000],
          ],
        },
      },
      {
        model: 'basic',
        deck: 1_500_000_000_001,
        fields: ['adiós', 'goodbye'],
        revlog: { 0: [[T + 2 * DAY, 4, 0, 2000]] },
      },
    ]);
    const res = await call(server.url, '/api/cards/import/apkg', {
      body: ankiPackage(collection),
      contentType: 'application/octet-stream',
      cookie,
    });
    expect(res.status, res.text).toBe(200);
  };
  return { user, client, importApkg };
}

const logCount = async (userId: string) =>
  (await server.database.db.select({ n: count() }).from(reviewLogs).where(eq(reviewLogs.userId, userId)))[0]!.n;
const cardsOf = async (userId: string) =>
  server.database.db.select().from(cards).where(eq(cards.userId, userId)).orderBy(asc(cards.id));

describe('undo after an Anki import', () => {
  it('with no grade of their own, there is nothing to undo: the imported history stays', async () => {
    const { user, client, importApkg } = await person('Imported only');
    await importApkg();
    expect(await logCount(user.id)).toBe(4);
    const before = await cardsOf(user.id);
    const undo = await client.call('/api/cards/review/undo', {});
    expect(undo.status).toBe(404);
    expect(undo.data).toEqual({ code: 'notFound', message: 'There is no grade to undo.' });
    expect(await logCount(user.id)).toBe(4);
    expect(await cardsOf(user.id)).toEqual(before);
  });

  it('after an own grade, undo takes back that grade, then has nothing more to take back', async () => {
    const { user, client, importApkg } = await person('Imported then graded');
    await importApkg();
    const deck = await client.createDeck('Mine');
    await client.createCard(deck.id, { front: 'My own card' });
    const { card } = (await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse;
    const before = await cardsOf(user.id);
    const graded = await client.call('/api/cards/review/grade', {
      cardId: card!.id,
      rating: 3,
      durationMs: 100,
      base: card!.base,
    });
    expect(graded.status).toBe(200);
    expect(await logCount(user.id)).toBe(5);
    const undo = await client.call('/api/cards/review/undo', {});
    expect(undo.status).toBe(200);
    expect((undo.data as UndoResponse).card.id).toBe(card!.id);
    expect(await logCount(user.id)).toBe(4);
    expect(await cardsOf(user.id)).toEqual(before);
    expect((await client.call('/api/cards/review/undo', {})).status).toBe(404);
    expect(await logCount(user.id)).toBe(4);
  });

  it('an own grade made before the import is the one undo takes back, not the imported reviews after it', async () => {
    const { user, client, importApkg } = await person('Graded then imported');
    const deck = await client.createDeck('Mine first');
    await client.createCard(deck.id, { front: 'Graded before the import' });
    const { card } = (await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse;
    expect(
      (await client.call('/api/cards/review/grade', { cardId: card!.id, rating: 4, durationMs: 100, base: card!.base }))
        .status,
    ).toBe(200);
    await importApkg();
    expect(await logCount(user.id)).toBe(5);
    const undo = await client.call('/api/cards/review/undo', {});
    expect(undo.status).toBe(200);
    expect((undo.data as UndoResponse).card).toMatchObject({ id: card!.id, state: 0 });
    const left = await server.database.db
      .select({ n: count() })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, user.id), eq(reviewLogs.cardId, card!.id)));
    expect(left[0]!.n).toBe(0);
    expect(await logCount(user.id)).toBe(4);
    expect((await client.call('/api/cards/review/undo', {})).status).toBe(404);
  });

  it('an imported card graded in Turtle: undo takes back that grade and leaves its imported history', async () => {
    const { user, client, importApkg } = await person('Imported card graded');
    await importApkg();
    const hola = (await cardsOf(user.id)).find((row) => row.reps === 3)!;
    // The card as it stands after the import: three reviews, the last on T + 4 days.
    expect(hola.lastReview).toBe(T + 4 * DAY);
    const graded = await client.call('/api/cards/review/grade', {
      cardId: hola.id,
      rating: 3,
      durationMs: 100,
      base: { reps: hola.reps, lastReview: hola.lastReview },
    });
    expect(graded.status).toBe(200);
    expect(await logCount(user.id)).toBe(5);
    expect((await client.call('/api/cards/review/undo', {})).status).toBe(200);
    expect(await logCount(user.id)).toBe(4);
    expect((await cardsOf(user.id)).find((row) => row.id === hola.id)).toEqual(hola);
    expect((await client.call('/api/cards/review/undo', {})).status).toBe(404);
    expect(await logCount(user.id)).toBe(4);
  });
});
