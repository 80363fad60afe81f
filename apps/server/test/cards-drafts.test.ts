import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CardNoteView, ListCardsResponse } from '@turtle/shared/cards';
import type { GenerateDraftsResponse, ListDraftsResponse } from '@turtle/shared/cards-drafts';
import { DAILY_LIMIT_MESSAGE } from '@turtle/shared/entitlements';
import { cardDrafts } from '../src/db/schema';
import { insertNote } from '../src/features/notes/notes.repository';
import { cardsClient, createChatReply } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

const DAILY = 4;
const server = useTestServer({ env: { CHAT_FREE_DAILY_REPLIES: String(DAILY) } });

const NOTE = [
  'Compound interest is interest earned on earlier interest.',
  'Over 30 years, 7 percent a year turns 1,000 dollars into about 7,600 dollars.',
  'Starting early matters more than investing large amounts, because compound interest needs time.',
].join(' ');

async function person() {
  const db = server.database.db;
  const user = await createUser(db);
  const now = Date.now();
  const note = await insertNote(db, {
    id: randomUUID(),
    userId: user.id,
    name: 'Compounding',
    content: NOTE,
    createdAt: now,
    updatedAt: now,
    lastAccessAt: now,
  });
  return { user, note, client: cardsClient(server.url, await createSessionToken(db, user.id)) };
}

const generate = (client: ReturnType<typeof cardsClient>, source: unknown) =>
  client.call('/api/cards/drafts/generate', { source });

describe('drafting cards with the offline assistant', () => {
  it('drafts cloze cards from a note’s key sentences, counting one reply of the day', async () => {
    const { note, client } = await person();
    const res = await generate(client, { kind: 'note', noteId: note.id });
    expect(res.status, res.text).toBe(200);
    const body = res.data as GenerateDraftsResponse;
    expect(body.added).toBeGreaterThanOrEqual(2);
    for (const draft of body.drafts) {
      expect(draft.kind).toBe('cloze');
      expect(draft.front).toMatch(/\{\{c1::[^}]+\}\}/);
      expect(draft.source).toEqual({ kind: 'note', noteId: note.id, label: 'Compounding' });
      expect(draft.duplicateOf).toBeNull();
    }
    // Numbers are what the offline drafter hides first.
    expect(body.drafts.some((draft) => draft.front.includes('{{c1::30}}'))).toBe(true);
    expect(await client.repliesUsed()).toBe(1);
  });

  it('drafts from a chat reply (its markdown and remarks left out) and from the sentence a lesson is at', async () => {
    const { user, client } = await person();
    const reply = await createChatReply(
      server.database.db,
      user.id,
      "_I'm Turtle's offline assistant._\n\n**From your note “Funds”:**\n\n> Index funds track a market index at low cost.\n> An expense ratio is the yearly fee of a fund.",
    );
    const fromChat = (await generate(client, { kind: 'chat', messageId: reply.messageId }))
      .data as GenerateDraftsResponse;
    expect(fromChat.drafts.map((draft) => draft.front).join(' ')).not.toMatch(/offline|\*\*|>/);
    expect(fromChat.drafts[0]!.source).toEqual({
      kind: 'chat',
      conversationId: reply.conversationId,
      messageId: reply.messageId,
      label: 'Investing chat',
    });

    const lesson = (await client.call('/api/lessons/1')).data as {
      lesson: { transcript: { sentence: string; startMs: number }[] };
    };
    const sentence = lesson.lesson.transcript.find((entry) => entry.sentence.split(' ').length >= 6)!;
    const res = await generate(client, { kind: 'lesson', lessonId: '1', ms: sentence.startMs + 200 });
    expect(res.status, res.text).toBe(200);
    const fromLesson = (res.data as GenerateDraftsResponse).drafts.filter((draft) => draft.source?.kind === 'lesson');
    expect(fromLesson).toHaveLength(1);
    expect(fromLesson[0]!.source).toMatchObject({ kind: 'lesson', lessonId: '1', ms: sentence.startMs });
    expect(fromLesson[0]!.front.replace(/\{\{c1::([^}]*)\}\}/, '$1')).toBe(sentence.sentence);
  });

  it('accepts (edited), rejects, and flags a draft whose front is already a card', async () => {
    const { note, client } = await person();
    const first = (await generate(client, { kind: 'note', noteId: note.id })).data as GenerateDraftsResponse;
    const [keep, edit, ...rest] = first.drafts;
    const accepted = await client.call('/api/cards/drafts/accept', {
      deck: { deckName: 'Money' },
      drafts: [
        { id: keep!.id, kind: keep!.kind, front: keep!.front, back: keep!.back },
        { id: edit!.id, kind: 'basic', front: 'What is compound interest?', back: 'Interest on earlier interest.' },
      ],
    });
    expect(accepted.status, accepted.text).toBe(200);
    const rejected = await client.call('/api/cards/drafts/reject', { ids: rest.map((draft) => draft.id) });
    expect(rejected.data).toEqual({ rejected: rest.length });
    expect(((await client.call('/api/cards/drafts')).data as ListDraftsResponse).drafts).toEqual([]);

    const deckId = (accepted.data as { deckId: string }).deckId;
    const cards = ((await client.call(`/api/cards/list?deckId=${deckId}`)).data as ListCardsResponse).cards;
    expect(cards.map((card: CardNoteView) => card.front).sort()).toEqual(
      [keep!.front, 'What is compound interest?'].sort(),
    );
    expect(cards.every((card) => card.source?.kind === 'note')).toBe(true);

    const again = (await generate(client, { kind: 'note', noteId: note.id })).data as GenerateDraftsResponse;
    const duplicate = again.drafts.find((draft) => draft.front === keep!.front)!;
    expect(duplicate.duplicateOf).toMatchObject({ deckId, front: keep!.front });
  });

  it('another person’s note, chat reply or draft answers 404 and costs nothing', async () => {
    const owner = await person();
    const other = await person();
    const reply = await createChatReply(server.database.db, owner.user.id, 'Bonds are loans to a company or a state.');
    const tray = (await generate(owner.client, { kind: 'note', noteId: owner.note.id })).data as GenerateDraftsResponse;
    const draft = tray.drafts[0]!;
    const attempts = [
      generate(other.client, { kind: 'note', noteId: owner.note.id }),
      generate(other.client, { kind: 'chat', messageId: reply.messageId }),
      other.client.call('/api/cards/drafts/accept', {
        deck: { deckName: 'Mine' },
        drafts: [{ id: draft.id, kind: 'basic', front: 'x', back: '' }],
      }),
      other.client.call('/api/cards/drafts/reject', { ids: [draft.id] }),
      generate(other.client, { kind: 'lesson', lessonId: '99' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(await other.client.repliesUsed()).toBe(0);
    expect(
      ((await owner.client.call('/api/cards/drafts')).data as ListDraftsResponse).drafts.map((d) => d.id),
    ).toContain(draft.id);
  });

  it('stops at the plan’s replies a day, with the daily-limit message', async () => {
    const { note, client } = await person();
    for (let index = 0; index < DAILY; index += 1) {
      const res = await generate(client, { kind: 'note', noteId: note.id });
      expect(res.status).toBe(200);
      const { drafts } = res.data as GenerateDraftsResponse;
      await client.call('/api/cards/drafts/reject', { ids: drafts.map((item) => item.id) });
    }
    const over = await generate(client, { kind: 'note', noteId: note.id });
    expect(over.status).toBe(429);
    expect((over.data as { message: string }).message).toBe(DAILY_LIMIT_MESSAGE);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('holds at most 200 drafts, and accepts or rejects at most 200 at once', async () => {
    const { user, note, client } = await person();
    const now = Date.now();
    await server.database.db.insert(cardDrafts).values(
      Array.from({ length: 200 }, (_, index) => ({
        id: randomUUID(),
        userId: user.id,
        kind: 'basic' as const,
        front: `Q${index}`,
        back: 'A',
        source: null,
        createdAt: now + index,
      })),
    );
    const full = await generate(client, { kind: 'note', noteId: note.id });
    expect(full.status).toBe(409);
    expect((full.data as { message: string }).message).toBe(
      'Your tray holds 200 drafts. Accept or reject some before making more.',
    );
    const ids = Array.from({ length: 201 }, () => randomUUID());
    const tooMany = await client.call('/api/cards/drafts/reject', { ids });
    expect(tooMany.status).toBe(400);
    expect((tooMany.data as { message: string }).message).toBe('At most 200 drafts at once.');
  });

  it('refuses an empty note and an unknown kind of source', async () => {
    const { user, client } = await person();
    const now = Date.now();
    const empty = await insertNote(server.database.db, {
      id: randomUUID(),
      userId: user.id,
      name: 'Empty',
      content: '  ',
      createdAt: now,
      updatedAt: now,
      lastAccessAt: now,
    });
    expect((await generate(client, { kind: 'note', noteId: empty.id })).status).toBe(400);
    const unknown = await generate(client, { kind: 'video', id: 'x' });
    expect(unknown.status).toBe(400);
    expect((unknown.data as { message: string }).message).toBe(
      'Say what to make cards from: a note, a chat reply or a lesson.',
    );
  });
});
