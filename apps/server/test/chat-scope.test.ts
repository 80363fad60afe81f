import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MessageSource } from '@turtle/shared/conversation';
import type { Note } from '@turtle/shared/note';
import { Plan } from '@turtle/shared/plans';
import { cardsClient } from './support/cards';
import { chunksOf, conversationCalls, tokens } from './support/conversations';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/044-cards-in-the-index.md: the composer's scope narrows what a message that mentions no note is
// answered from: notes, lessons, cards or one deck (with its subdecks); everything by default.
const server = useTestServer({ fakeLlm: true });
const { send } = conversationCalls(server);
let cookie: string;
let note: Note;
const cardIn: Record<string, string> = {};
const deckId: Record<string, string> = {};

beforeAll(async () => {
  const db = server.database.db;
  const user = await createUser(db, { name: 'Scoper', plan: Plan.PRO, expireAt: Date.now() + 86_400_000 });
  cookie = await createSessionToken(db, user.id);
  const saved = await call(server.url, '/api/note/save', {
    json: { note: { name: 'Fund fees note', content: 'My index fund fees are low: 0.1% a year.' } },
    cookie,
  });
  note = (saved.data as { savedNote: Note }).savedNote;
  const client = cardsClient(server.url, cookie);
  for (const name of ['Investing', 'Investing::Funds', 'Cooking']) {
    deckId[name] = (await client.createDeck(name)).id;
    cardIn[name] = (
      await client.createCard(deckId[name]!, { front: `${name}: what are fund fees?`, back: 'Costs.' })
    ).card.id;
  }
});
beforeEach(() => {
  server.fakeLlm.script = { tokens: tokens(3) };
});

const ask = async (body: Record<string, unknown>): Promise<MessageSource[]> => {
  const res = await send(cookie, { message: { content: 'What are my fund fees?' }, ...body });
  expect(res.status).toBe(200);
  return chunksOf(await res.text())[0]!.meta!.sources;
};
const kinds = (sources: MessageSource[]) => [...new Set(sources.map((source) => source.kind ?? 'note'))].sort();

describe('the scope of a chat message', () => {
  it('reads everything by default', async () => {
    expect(kinds(await ask({}))).toEqual(expect.arrayContaining(['card', 'note']));
  });

  it('reads only the notes, the lessons or the cards when asked', async () => {
    expect(kinds(await ask({ scope: { kind: 'note' } }))).toEqual(['note']);
    expect(kinds(await ask({ scope: { kind: 'card' } }))).toEqual(['card']);
    const lessons = await ask({ scope: { kind: 'lesson' } });
    expect(lessons.length).toBeGreaterThan(0);
    expect(kinds(lessons)).toEqual(['lesson']);
  });

  it('reads one deck with its subdecks, and nothing of a deck that is not the person’s', async () => {
    const sources = await ask({ scope: { kind: 'deck', deckId: deckId.Investing } });
    expect(sources.map((source) => source.id).sort()).toEqual([cardIn.Investing, cardIn['Investing::Funds']].sort());
    const child = await ask({ scope: { kind: 'deck', deckId: deckId['Investing::Funds'] } });
    expect(child.map((source) => source.id)).toEqual([cardIn['Investing::Funds']]);
    const other = await createSessionToken(server.database.db, (await createUser(server.database.db)).id);
    const res = await send(other, {
      message: { content: 'What are my fund fees?' },
      scope: { kind: 'deck', deckId: deckId.Investing },
    });
    expect(chunksOf(await res.text())[0]!.meta!.sources).toEqual([]);
  });

  it('a mention still means that note alone, whatever the scope', async () => {
    const sources = await ask({
      message: { content: 'What are my fund fees?', noteIds: [note.id] },
      scope: { kind: 'card' },
    });
    expect(sources).toEqual([{ id: note.id, name: 'Fund fees note' }]);
  });

  it('a regenerated reply reads within the scope it is sent with', async () => {
    const first = await send(cookie, { message: { content: 'What are my fund fees?' } });
    const conversationId = chunksOf(await first.text())[0]!.meta!.conversation.id;
    const res = await send(cookie, { conversationId, regenerate: true, scope: { kind: 'note' } });
    expect(kinds(chunksOf(await res.text())[0]!.meta!.sources)).toEqual(['note']);
  });

  it('refuses a scope it does not know', async () => {
    const res = await call(server.url, '/api/chat/send', {
      json: { message: { content: 'fees' }, scope: { kind: 'planets' } },
      cookie,
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ code: 'validation' });
  });
});
