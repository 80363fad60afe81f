import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_TEXT_MAX_LENGTH, type CardNoteView, type ListCardsResponse } from '@turtle/shared/cards';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();
let alice: ReturnType<typeof cardsClient>;
let bob: ReturnType<typeof cardsClient>;
let aliceCookie: string;

beforeAll(async () => {
  const db = server.database.db;
  aliceCookie = await createSessionToken(db, (await createUser(db, { name: 'Alice' })).id);
  alice = cardsClient(server.url, aliceCookie);
  bob = cardsClient(server.url, await createSessionToken(db, (await createUser(db, { name: 'Bob' })).id));
});

describe('decks and cards', () => {
  it('makes decks (names unique whatever the case) and counts their cards', async () => {
    const deck = await alice.createDeck('Finance');
    const again = await alice.call('/api/cards/decks/create', { name: 'finance' });
    expect(again.status).toBe(409);
    await alice.createCard(deck.id, { front: 'What is a bond?', back: 'A loan to a company or state.' });
    await alice.createCard(deck.id, { kind: 'reversed', front: 'ETF', back: 'Exchange-traded fund' });
    await alice.createCard(deck.id, {
      kind: 'cloze',
      front: '{{c1::Stocks}} are shares; {{c2::bonds}} are loans.',
      back: '',
    });
    const listed = (await alice.decks()).decks.find((item) => item.id === deck.id)!;
    expect(listed).toMatchObject({ name: 'Finance', cards: 5, due: { new: 5, learning: 0, review: 0 } });
  });

  it('lists a deck’s notes newest first, with the cards each makes', async () => {
    const deck = await alice.createDeck('Listing');
    await alice.createCard(deck.id, { front: 'First' });
    await alice.createCard(deck.id, { kind: 'cloze', front: '{{c1::a}} {{c2::b}} {{c2::c}}' });
    const res = await alice.call(`/api/cards/list?deckId=${deck.id}`);
    const body = res.data as ListCardsResponse;
    expect(body.total).toBe(2);
    expect(body.cards.map((card) => [card.front, card.cards])).toEqual([
      ['{{c1::a}} {{c2::b}} {{c2::c}}', 2],
      ['First', 1],
    ]);
  });

  it('an edit that adds a cloze number adds a card; one that removes it removes the card', async () => {
    const deck = await alice.createDeck('Edits');
    const { card } = await alice.createCard(deck.id, { kind: 'cloze', front: '{{c1::one}}' });
    const edit = async (front: string) =>
      (await alice.call('/api/cards/update', { id: card.id, deckId: deck.id, card: { kind: 'cloze', front } }))
        .data as { card: CardNoteView };
    expect((await edit('{{c1::one}} {{c2::two}}')).card.cards).toBe(2);
    expect((await alice.decks()).decks.find((item) => item.id === deck.id)!.cards).toBe(2);
    expect((await edit('{{c2::two}}')).card.cards).toBe(1);
    expect((await alice.decks()).decks.find((item) => item.id === deck.id)!.cards).toBe(1);
  });

  it('refuses bad card text with a clear message', async () => {
    const deck = await alice.createDeck('Bad input');
    const create = (card: unknown) => alice.call('/api/cards/create', { deck: { deckId: deck.id }, card });
    const cases: [unknown, string][] = [
      [{ kind: 'basic', front: '   ', back: 'x' }, 'The front is empty.'],
      [
        { kind: 'basic', front: 'x'.repeat(CARD_TEXT_MAX_LENGTH + 1), back: '' },
        'Card text is over 10,000 characters.',
      ],
      [{ kind: 'cloze', front: 'no deletion here' }, 'A cloze card needs a deletion such as {{c1::answer}}.'],
      [{ kind: 'reversed', front: 'term', back: '' }, 'A reversed card needs a back.'],
      [{ kind: 'poem', front: 'x' }, 'The card type is basic, reversed or cloze.'],
    ];
    for (const [card, message] of cases) {
      const res = await create(card);
      expect(res.status, JSON.stringify(card).slice(0, 60)).toBe(400);
      expect((res.data as { message: string }).message).toBe(message);
    }
  });

  it('another person’s deck or card answers 404 and is never read or changed', async () => {
    const deck = await alice.createDeck('Private');
    const { card } = await alice.createCard(deck.id, { front: 'Secret question', back: 'Secret answer' });
    const attempts = [
      bob.call(`/api/cards/list?deckId=${deck.id}`),
      bob.call(`/api/cards/get?id=${card.id}`),
      bob.call('/api/cards/update', { id: card.id, deckId: deck.id, card: { kind: 'basic', front: 'Mine', back: '' } }),
      bob.call('/api/cards/delete', { id: card.id }),
      bob.call('/api/cards/decks/rename', { id: deck.id, name: 'Stolen' }),
      bob.call('/api/cards/decks/delete', { id: deck.id }),
      bob.call('/api/cards/create', {
        deck: { deckId: deck.id },
        card: { kind: 'basic', front: 'Into your deck', back: '' },
      }),
      bob.call(`/api/cards/review/next?deckId=${deck.id}`),
      bob.call('/api/cards/review/grade', { cardId: card.id, rating: 3, durationMs: 1000 }),
      bob.call(`/api/cards/export?format=csv&deckId=${deck.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Secret');
    }
    const mine = (await alice.call(`/api/cards/get?id=${card.id}`)).data as { card: CardNoteView };
    expect(mine.card).toMatchObject({ front: 'Secret question', back: 'Secret answer', deckId: deck.id });
    expect((await alice.decks()).decks.find((item) => item.id === deck.id)).toMatchObject({
      name: 'Private',
      cards: 1,
    });
  });

  it('needs a session, and writes only from our own origin', async () => {
    expect((await call(server.url, '/api/cards/decks')).status).toBe(401);
    expect((await call(server.url, '/api/cards/decks/create', { json: { name: 'Anon' } })).status).toBe(401);
    const res = await call(server.url, '/api/cards/decks/create', {
      json: { name: 'From elsewhere' },
      cookie: aliceCookie,
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect((await alice.decks()).decks.some((deck) => deck.name === 'From elsewhere')).toBe(false);
  });

  it('deleting a deck deletes its cards', async () => {
    const deck = await alice.createDeck('Short-lived');
    const { card } = await alice.createCard(deck.id, { front: 'Gone soon' });
    expect((await alice.call('/api/cards/decks/delete', { id: deck.id })).status).toBe(200);
    expect((await alice.call(`/api/cards/get?id=${card.id}`)).status).toBe(404);
  });
});
