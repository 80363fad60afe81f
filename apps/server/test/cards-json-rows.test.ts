import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { cardNotes, cards } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { startTestServer, type TestServer } from './support/test-server';

// Notes and cards are written as one JSON text per chunk (docs/decisions/034-import-budget.md): what is stored is what
// a parameter per value stored.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('notes and cards written as JSON', () => {
  it('stores every column as given: nulls as SQL nulls, numbers exactly, a lone surrogate as U+FFFD', async () => {
    const db = server.database.db;
    const user = await createUser(db, { name: 'Json rows', plan: Plan.PRO, expireAt: -1 });
    const client = cardsClient(server.url, await createSessionToken(db, user.id));
    const deck = await client.createDeck('Json');
    const made = await client.createCard(deck.id, {
      front: 'a\ud800b "quoted" \\ \u00e9 😀',
      back: 'null',
      tags: ['x'],
    });
    const [note] = await db.select().from(cardNotes).where(eq(cardNotes.id, made.card.id));
    expect(note).toMatchObject({
      front: 'a\ufffdb "quoted" \\ \u00e9 😀',
      back: 'null',
      tags: ['x'],
      source: null,
      noteTypeId: null,
      fields: null,
      sides: null,
    });
    const nulls = await db
      .select({ id: cardNotes.id })
      .from(cardNotes)
      .where(and(eq(cardNotes.id, made.card.id), isNull(cardNotes.source), isNull(cardNotes.sides)));
    expect(nulls).toHaveLength(1);
    const [card] = await db.select().from(cards).where(eq(cards.noteId, made.card.id));
    expect(card).toMatchObject({ deckId: deck.id, ordinal: 0, state: 0, reps: 0, lastReview: null });
    expect(Number.isInteger(card!.due)).toBe(true);
    expect(card!.due).toBe(note!.createdAt);
  });
});
