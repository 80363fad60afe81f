import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import type { SearchResponse, SearchResult } from '@turtle/shared/search';
import { indexCardsLeftOut } from '../src/features/cards/decks/card-index';
import { cardNotes } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { chunksOf, conversationCalls, message, tokens } from './support/conversations';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/044-cards-in-the-index.md: the cards (front and back) are in the one index, current with every
// create, edit, delete and import, found by search and cited by the chat as a card named by its front.
const server = useTestServer({ fakeLlm: true });
const { send } = conversationCalls(server);
beforeEach(() => {
  server.fakeLlm.script = { tokens: tokens(3) };
});

async function person() {
  // Pro, so an import of hundreds of cards is within the plan.
  const user = await createUser(server.database.db, {
    name: 'Carder',
    plan: Plan.PRO,
    expireAt: Date.now() + 365 * 24 * 3600_000,
  });
  const cookie = await createSessionToken(server.database.db, user.id);
  return { id: user.id, cookie, client: cardsClient(server.url, cookie) };
}

const found = async (cookie: string, q: string, kind = 'card'): Promise<SearchResult[]> => {
  const res = await call(server.url, `/api/search?q=${encodeURIComponent(q)}&kind=${kind}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return (res.data as SearchResponse).results;
};
const word = (stem: string) => `${stem}${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;

describe('cards in the index', () => {
  it('finds a card by its front or its back, named by its front, in its deck', async () => {
    const { cookie, client } = await person();
    const deck = await client.createDeck('Investing');
    const back = word('kestrel');
    const { card } = await client.createCard(deck.id, {
      front: 'What is an <b>index</b> fund?',
      back: `A fund that follows a market index, like the ${back}.`,
    });
    const [byBack] = await found(cookie, back);
    expect(byBack).toMatchObject({
      kind: 'card',
      sourceId: card.id,
      parentId: deck.id,
      title: 'What is an index fund?',
      position: 0,
    });
    expect(byBack!.snippet).not.toContain('<b>');
    expect((await found(cookie, 'index fund')).map((result) => result.sourceId)).toContain(card.id);
  });

  it('follows each edit, move, delete and deck delete in the same transaction', async () => {
    const { cookie, client } = await person();
    const deck = await client.createDeck('Words');
    const other = await client.createDeck('Other');
    const before = word('ocelot');
    const after = word('margay');
    const { card } = await client.createCard(deck.id, { front: `The ${before}`, back: 'a cat' });
    expect(await found(cookie, before)).toHaveLength(1);
    const edited = await client.call('/api/cards/update', {
      id: card.id,
      deckId: other.id,
      card: { kind: 'basic', front: `The ${after}`, back: 'a cat', tags: [] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await found(cookie, before)).toEqual([]);
    expect(await found(cookie, after)).toMatchObject([{ sourceId: card.id, parentId: other.id }]);
    expect((await client.call('/api/cards/delete', { id: card.id })).status).toBe(200);
    expect(await found(cookie, after)).toEqual([]);

    const parent = await client.createDeck('Parent');
    const child = await client.createDeck('Parent::Child');
    const deep = word('tapir');
    await client.createCard(child.id, { front: `A ${deep}`, back: 'an animal' });
    await client.createCard(parent.id, { front: `Another ${deep}`, back: 'an animal' });
    expect(await found(cookie, deep)).toHaveLength(2);
    expect((await client.call('/api/cards/decks/delete', { id: parent.id })).status).toBe(200);
    expect(await found(cookie, deep)).toEqual([]);
  });

  it("never shows one person another person's cards", async () => {
    const alice = await person();
    const bob = await person();
    const secret = word('quokka');
    const deck = await alice.client.createDeck('Mine');
    await alice.client.createCard(deck.id, { front: `Password ${secret}`, back: 'tangerine' });
    expect(await found(alice.cookie, secret)).toHaveLength(1);
    expect(await found(bob.cookie, secret)).toEqual([]);
  });

  it('indexes an import in its batches, cloze marks and markup taken out', async () => {
    const { cookie, client } = await person();
    const stem = word('numbat');
    const rows = Array.from({ length: 600 }, (_, index) => `"The ${stem} ${index}","back ${index}",Imported,,basic`);
    const csv = ['front,back,deck,tags,type', ...rows, `"{{c1::${stem}}} eats termites",,Imported,,cloze`].join('\n');
    const imported = await client.call('/api/cards/import', { csv, createMissingDecks: true });
    expect(imported.status, imported.text).toBe(200);
    const results = await found(cookie, `${stem} termites`);
    expect(results[0]).toMatchObject({ title: `${stem} eats termites` });
    const last = await found(cookie, `"${stem} 599"`);
    expect(last.map((result) => result.title)).toEqual([`The ${stem} 599`]);
  });

  it('indexes cards written before the index held them', async () => {
    const { id, cookie, client } = await person();
    const deck = await client.createDeck('Older');
    const old = word('axolotl');
    const noteId = randomUUID();
    const now = Date.now();
    await server.database.db.insert(cardNotes).values({
      id: noteId,
      userId: id,
      deckId: deck.id,
      kind: 'basic',
      front: `From before: the ${old}`,
      back: 'regrows its limbs',
      frontKey: `from before the ${old}`,
      createdAt: now,
      updatedAt: now,
    });
    expect(await found(cookie, old)).toEqual([]);
    expect(await indexCardsLeftOut(server.database.db)).toBeGreaterThanOrEqual(1);
    expect((await found(cookie, old)).map((result) => result.sourceId)).toEqual([noteId]);
    expect(await indexCardsLeftOut(server.database.db)).toBe(0);
  });

  it('the chat cites a card by its front, and the source opens the card', async () => {
    const { cookie, client } = await person();
    const deck = await client.createDeck('Chat deck');
    const term = word('pangolin');
    const { card } = await client.createCard(deck.id, {
      front: `What does the ${term} eat?`,
      back: 'Ants and termites.',
    });
    const chunks = chunksOf(await (await send(cookie, message(`What does the ${term} eat?`))).text());
    const sources = chunks[0]!.meta!.sources;
    expect(sources[0]).toEqual({ id: card.id, name: `What does the ${term} eat?`, citation: 1, kind: 'card' });
    const prompt = server.fakeLlm.requests.at(-1)!.body.messages;
    expect(prompt[1]!.content).toContain(
      `<passage cite="1" card="What does the ${term} eat?">\nWhat does the ${term} eat?\n\nAnts and termites.\n</passage>`,
    );
  });
});
