import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LessonChatResponse, Lesson } from '@turtle/shared/lesson';
import { fullScriptOf } from '@turtle/shared/lesson-helpers';
import { decodeChatStreamEvent } from '@turtle/shared/chat-stream-events';
import { cardsClient } from './support/cards';
import { call } from './support/http';
import { lessonOf, useLessonServer } from './support/lessons';

// docs/decisions/044-cards-in-the-index.md: the tutor is given the learner's notes and cards that match the question
// beside the transcript, cites them as [1], and answers them as its sources.
const server = useLessonServer({ fakeLlm: true });
let lesson: Lesson;
let noteId: string;
let cardId: string;

beforeAll(async () => {
  lesson = await lessonOf(server.url, '1');
  const saved = await call(server.url, '/api/note/save', {
    json: { note: { name: 'My portfolio', content: 'Diversification: I hold three index funds, never one stock.' } },
    cookie: server.cookie,
  });
  noteId = (saved.data as { savedNote: { id: string } }).savedNote.id;
  const client = cardsClient(server.url, server.cookie);
  const deck = await client.createDeck('Investing');
  cardId = (await client.createCard(deck.id, { front: 'What does diversification do?', back: 'Spreads risk.' })).card
    .id;
});
beforeEach(() => {
  server.fakeLlm.script = { tokens: ['See ', '[1]', '.'] };
  server.fakeLlm.requests.length = 0;
});

const body = (content: string) => ({
  lessonId: '1',
  fullScript: fullScriptOf(lesson.transcript),
  currentSentence: 'Diversification spreads your risk.',
  messages: [{ role: 'user', content }],
});

describe('the tutor reads the learner’s notes and cards', () => {
  it('gives the model the matching note and card as numbered passages and answers them as sources', async () => {
    const response = await call(server.url, '/api/lesson/chat', {
      json: body('What does diversification do?'),
      cookie: server.cookie,
    });
    expect(response.status, response.text).toBe(200);
    const { reply, sources } = response.data as LessonChatResponse;
    expect(reply).toBe('See [1].');
    expect(sources!.map((source) => [source.id, source.kind ?? 'note', source.citation])).toEqual(
      expect.arrayContaining([
        [noteId, 'note', expect.any(Number)],
        [cardId, 'card', expect.any(Number)],
      ]),
    );
    const messages = server.fakeLlm.requests[0]!.body.messages;
    expect(messages[0]!.content).toContain('cite its number like [1]');
    expect(messages[1]!.content).toContain('<transcript>');
    expect(messages[2]!.role).toBe('user');
    expect(messages[2]!.content).toMatch(/^Passages from my notes and cards that may help/);
    expect(messages[2]!.content).toContain('note="My portfolio"');
    expect(messages[2]!.content).toContain('card="What does diversification do?"');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'What does diversification do?' });
  });

  it('opens a stream with its sources', async () => {
    const res = await fetch(`${server.url}/api/lesson/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        origin: server.url,
        cookie: `sid=${server.cookie}`,
      },
      body: JSON.stringify(body('What does diversification do?')),
    });
    const events = (await res.text())
      .split('\n\n')
      .filter((line) => line.startsWith('data: ') && !line.includes('[DONE]'))
      .flatMap((line) => decodeChatStreamEvent(line.slice(6)) ?? []);
    expect(events[0]!.type).toBe('sources');
    expect(
      events
        .filter((event) => event.type === 'token')
        .map((event) => event.token)
        .join(''),
    ).toBe('See [1].');
  });

  it('answers as before for a learner with nothing that matches', async () => {
    const response = await call(server.url, '/api/lesson/chat', {
      json: body('What does diversification do?'),
      cookie: await server.newCookie(),
    });
    expect(response.data).toEqual({ reply: 'See [1].' });
    expect(server.fakeLlm.requests[0]!.body.messages).toHaveLength(3);
  });
});
