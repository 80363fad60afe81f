import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardAllowance } from '@turtle/shared/cards';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { cardLimitMessage, ENTITLEMENTS } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';
import { cardDrafts, cards, users } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();
const FREE_MAX = ENTITLEMENTS[Plan.FREE].maxCards!;
const YEAR_MS = 365 * 86_400_000;

async function person(overrides: Partial<typeof users.$inferInsert> = {}) {
  const db = server.database.db;
  const user = await createUser(db, overrides);
  return { user, client: cardsClient(server.url, await createSessionToken(db, user.id)) };
}

/** `n` basic cards in one import (one request). */
async function fill(client: ReturnType<typeof cardsClient>, deckName: string, n: number) {
  const csv = [
    'front,back,deck',
    ...Array.from({ length: n }, (_, index) => `Question ${index},Answer ${index},${deckName}`),
  ];
  const res = await client.call('/api/cards/import', { csv: csv.join('\n'), createMissingDecks: true });
  expect(res.status, res.text).toBe(200);
}

const held = async (userId: string) =>
  (await server.database.db.select({ total: count() }).from(cards).where(eq(cards.userId, userId)))[0]!.total;

describe('the Free plan’s card limit', () => {
  it('holds under 50 parallel accepts: exactly the room left is taken, the rest are refused with the upgrade message', async () => {
    const { user, client } = await person();
    await fill(client, 'Full', FREE_MAX - 5);
    const now = Date.now();
    const ids = Array.from({ length: 50 }, () => randomUUID());
    await server.database.db.insert(cardDrafts).values(
      ids.map((id, index) => ({
        id,
        userId: user.id,
        kind: 'basic' as const,
        front: `Draft ${index}`,
        back: 'b',
        source: null,
        createdAt: now + index,
      })),
    );
    const results = await Promise.all(
      ids.map((id, index) =>
        client.call('/api/cards/drafts/accept', {
          deck: { deckName: 'Full' },
          drafts: [{ id, kind: 'basic', front: `Draft ${index}`, back: 'b' }],
        }),
      ),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(45);
    const refused = results.find((res) => res.status === 403)!;
    expect(refused.data).toEqual({ code: 'cardLimitReached', message: cardLimitMessage(FREE_MAX) });
    expect(await held(user.id)).toBe(FREE_MAX);
    // The refused drafts are still in the tray.
    const tray = await server.database.db
      .select({ total: count() })
      .from(cardDrafts)
      .where(eq(cardDrafts.userId, user.id));
    expect(tray[0]!.total).toBe(45);
  });

  it('holds under a burst of parallel creates too, and a reversed card counts as two', async () => {
    const { user, client } = await person();
    await fill(client, 'Burst', FREE_MAX - 3);
    const deck = (await client.decks()).decks[0]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client.call('/api/cards/create', {
          deck: { deckId: deck.id },
          card: { kind: 'reversed', front: `Term ${index}`, back: `Meaning ${index}` },
        }),
      ),
    );
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(await held(user.id)).toBe(FREE_MAX - 1);
    const summary = (await client.call('/api/cards/summary')).data as { allowance: CardAllowance };
    expect(summary.allowance).toEqual({ used: FREE_MAX - 1, max: FREE_MAX, plan: Plan.FREE });
  });

  it('an import past the limit is refused whole', async () => {
    const { user, client } = await person();
    await fill(client, 'Nearly', FREE_MAX - 2);
    const res = await client.call('/api/cards/import', {
      csv: 'a,b,Nearly\nc,d,Nearly\ne,f,Nearly',
      createMissingDecks: true,
    });
    expect(res.status).toBe(403);
    expect((res.data as { message: string }).message).toBe(cardLimitMessage(FREE_MAX));
    expect(await held(user.id)).toBe(FREE_MAX - 2);
  });

  it('Pro has no limit', async () => {
    const { user, client } = await person({ plan: Plan.PRO, expireAt: Date.now() + YEAR_MS });
    await fill(client, 'Big', FREE_MAX + 20);
    expect(await held(user.id)).toBe(FREE_MAX + 20);
    const summary = (await client.call('/api/cards/summary')).data as { allowance: CardAllowance };
    expect(summary.allowance).toEqual({ used: FREE_MAX + 20, max: null, plan: Plan.PRO });
  });

  it('a member back on Free keeps every card and keeps reviewing; only new cards are refused', async () => {
    const { user, client } = await person({ plan: Plan.PRO, expireAt: Date.now() + YEAR_MS });
    await fill(client, 'Kept', FREE_MAX + 5);
    await server.database.db
      .update(users)
      .set({ expireAt: Date.now() - 1000 })
      .where(eq(users.id, user.id));
    expect(await held(user.id)).toBe(FREE_MAX + 5);
    const { card } = (await client.call('/api/cards/review/next')).data as NextCardResponse;
    expect(
      (await client.call('/api/cards/review/grade', { cardId: card!.id, rating: 3, durationMs: 900 })).status,
    ).toBe(200);
    const deck = (await client.decks()).decks[0]!;
    const refused = await client.call('/api/cards/create', {
      deck: { deckId: deck.id },
      card: { kind: 'basic', front: 'One more', back: '' },
    });
    expect(refused.status).toBe(403);
    expect((refused.data as { code: string }).code).toBe('cardLimitReached');
    // Editing a card that adds none is still fine.
    const list = (await client.call(`/api/cards/list?deckId=${deck.id}`)).data as { cards: { id: string }[] };
    const edited = await client.call('/api/cards/update', {
      id: list.cards[0]!.id,
      deckId: deck.id,
      card: { kind: 'basic', front: 'Edited', back: 'still one card' },
    });
    expect(edited.status).toBe(200);
  });
});
