import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ListCardsResponse } from '@turtle/shared/cards';
import type { GenerateDraftsResponse } from '@turtle/shared/cards-drafts';
import type { SearchResponse, SearchResult } from '@turtle/shared/search';
import { indexSource } from '../src/core/knowledge/passages.repository';
import { insertNote } from '../src/core/notes/notes.repository';
import { cardsClient, createChatReply } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/050-cards-from-a-source.md: "Make cards" on a found passage (a reply's source, a search result)
// drafts from exactly that passage, each draft pointing back to the place the passage opens.
const server = useTestServer();

const word = (stem: string) => `${stem}${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;

const SECTIONS = [
  '# Budgets\n\nA budget gives every dollar a job before the month begins. People who budget save 20 percent more.',
  '# Index funds\n\nAn index fund holds every stock of a market index. Its expense ratio is often 0.05 percent a year.',
  '# Taxes\n\nA tax-advantaged account defers taxes on gains. Withdrawals after 59 years avoid the 10 percent penalty.',
];

async function person(name = 'Learner') {
  const db = server.database.db;
  const user = await createUser(db, { name });
  const cookie = await createSessionToken(db, user.id);
  return { user, cookie, client: cardsClient(server.url, cookie) };
}

async function noteOf(userId: string, content: string, name = 'Money basics') {
  const now = Date.now();
  return insertNote(server.database.db, {
    id: randomUUID(),
    userId,
    name,
    content,
    createdAt: now,
    updatedAt: now,
    lastAccessAt: now,
  });
}

const search = async (cookie: string, q: string): Promise<SearchResult[]> => {
  const res = await call(server.url, `/api/search?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return (res.data as SearchResponse).results;
};

const generate = (client: ReturnType<typeof cardsClient>, source: unknown) =>
  client.call('/api/cards/drafts/generate', { source });

describe('making cards from a found passage', () => {
  it('drafts from exactly the note passage a search result names, pointing back to it', async () => {
    const { user, cookie, client } = await person();
    const note = await noteOf(user.id, SECTIONS.join('\n\n'));
    const [result] = await search(cookie, 'expense ratio');
    expect(result).toMatchObject({ kind: 'note', sourceId: note.id, position: 1 });
    const res = await generate(client, { kind: 'passage', of: 'note', sourceId: note.id, position: result!.position });
    expect(res.status, res.text).toBe(200);
    const { drafts } = res.data as GenerateDraftsResponse;
    expect(drafts.length).toBeGreaterThan(0);
    const text = drafts.map((draft) => draft.front).join(' ');
    expect(text).toMatch(/index|expense/i);
    expect(text).not.toMatch(/budget|penalty/i);
    for (const draft of drafts)
      expect(draft.source).toEqual({ kind: 'note', noteId: note.id, label: 'Money basics', position: 1 });

    // Accepted, the card keeps the back-link to the passage.
    const accepted = await client.call('/api/cards/drafts/accept', {
      deck: { deckName: 'From passages' },
      drafts: drafts.map(({ id, kind, front, back }) => ({ id, kind, front, back })),
    });
    expect(accepted.status, accepted.text).toBe(200);
    const { deckId } = accepted.data as { deckId: string };
    const cards = (await client.call(`/api/cards/list?deckId=${deckId}`)).data as ListCardsResponse;
    expect(cards.cards[0]!.source).toEqual({ kind: 'note', noteId: note.id, label: 'Money basics', position: 1 });
  });

  it('drafts from the lesson passage playing at a moment, each card at its sentence', async () => {
    const { client } = await person();
    const lesson = (await client.call('/api/lessons/1')).data as {
      lesson: { title: string; transcript: { sentence: string; startMs: number }[] };
    };
    const transcript = lesson.lesson.transcript;
    const at = transcript[Math.floor(transcript.length / 2)]!.startMs;
    const res = await generate(client, { kind: 'passage', of: 'lesson', sourceId: '1', ms: at });
    expect(res.status, res.text).toBe(200);
    const { drafts } = res.data as GenerateDraftsResponse;
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) {
      expect(draft.source).toMatchObject({ kind: 'lesson', lessonId: '1', label: lesson.lesson.title });
      const ms = (draft.source as { ms: number }).ms;
      // A passage is a few sentences starting at or before the moment: its cards are near it, not the lesson's start.
      expect(ms).toBeLessThanOrEqual(at);
      expect(ms).toBeGreaterThan(0);
    }
  });

  it('drafts from a past chat message and from a card, pointing back to the message and the card', async () => {
    const { user, client } = await person();
    const db = server.database.db;
    const reply = await createChatReply(db, user.id, 'placeholder', 'Fees chat');
    await indexSource(
      db,
      {
        userId: user.id,
        kind: 'chat',
        sourceId: reply.messageId,
        parentId: reply.conversationId,
        title: '',
        text: 'An expense ratio of 1 percent costs 10 dollars a year on every 1,000 dollars invested.',
      },
      Date.now(),
    );
    const fromChat = await generate(client, { kind: 'passage', of: 'chat', sourceId: reply.messageId });
    expect(fromChat.status, fromChat.text).toBe(200);
    const chatDrafts = (fromChat.data as GenerateDraftsResponse).drafts;
    expect(chatDrafts.map((draft) => draft.front).join(' ')).toContain('expense ratio');
    expect(chatDrafts[0]!.source).toEqual({
      kind: 'chat',
      conversationId: reply.conversationId,
      messageId: reply.messageId,
      label: 'Fees chat',
    });

    const deck = await client.createDeck('Investing');
    const { card } = await client.createCard(deck.id, {
      front: 'What does an index fund hold?',
      back: 'Every stock of its market index, at a cost of about 0.05 percent a year.',
    });
    const fromCard = await generate(client, { kind: 'passage', of: 'card', sourceId: card.id });
    expect(fromCard.status, fromCard.text).toBe(200);
    const cardDrafts = (fromCard.data as GenerateDraftsResponse).drafts.filter(
      (draft) => draft.source?.kind === 'card',
    );
    expect(cardDrafts.length).toBeGreaterThan(0);
    expect(cardDrafts[0]!.source).toEqual({ kind: 'card', cardId: card.id, label: 'What does an index fund hold?' });
  });

  it("another person's passage, or one that does not exist, is not found and spends no reply", async () => {
    const owner = await person('Owner');
    const other = await person('Other');
    const secret = word('zephyr');
    const note = await noteOf(owner.user.id, `${secret} is the code of my account, and it is 40 characters long.`);
    const deck = await owner.client.createDeck('Mine');
    const { card } = await owner.client.createCard(deck.id, { front: `What is ${secret}?`, back: 'My code.' });
    const reply = await createChatReply(server.database.db, owner.user.id, `${secret} is private.`);
    await indexSource(
      server.database.db,
      {
        userId: owner.user.id,
        kind: 'chat',
        sourceId: reply.messageId,
        parentId: reply.conversationId,
        title: '',
        text: `${secret} is private.`,
      },
      Date.now(),
    );
    for (const source of [
      { kind: 'passage', of: 'note', sourceId: note.id, position: 0 },
      { kind: 'passage', of: 'card', sourceId: card.id },
      { kind: 'passage', of: 'chat', sourceId: reply.messageId },
      { kind: 'passage', of: 'note', sourceId: note.id, position: 5 },
      { kind: 'passage', of: 'lesson', sourceId: 'no-such-lesson', ms: 0 },
    ]) {
      const client = source.position === 5 || source.sourceId === 'no-such-lesson' ? owner.client : other.client;
      const res = await generate(client, source);
      expect(res.status, `${JSON.stringify(source)}: ${res.text}`).toBe(404);
    }
    expect(await other.client.repliesUsed()).toBe(0);
    expect(await owner.client.repliesUsed()).toBe(0);
  });

  it('refuses a passage reference of an unknown kind with a 400', async () => {
    const { client } = await person();
    const res = await generate(client, { kind: 'passage', of: 'video', sourceId: 'x' });
    expect(res.status).toBe(400);
  });
});
