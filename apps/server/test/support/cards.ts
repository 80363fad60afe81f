import { randomUUID } from 'node:crypto';
import type { CardNoteResponse, ListDecksResponse } from '@turtle/shared/cards';
import type { Db } from '../../src/db/database';
import { chatMessages, conversations } from '../../src/db/schema';
import { call } from './http';

/** The cards API as a signed-in person calls it; each helper fails the test on an unexpected status. */
export function cardsClient(baseUrl: string, cookie: string) {
  const expectOk = async (response: Awaited<ReturnType<typeof call>>) => {
    if (response.status !== 200) throw new Error(`${response.status}: ${response.text}`);
    return response.data;
  };
  return {
    call: (path: string, json?: unknown) => call(baseUrl, path, json === undefined ? { cookie } : { json, cookie }),
    /** Assistant replies used today, as the server counts them (on PGlite kept in the process, written behind). */
    repliesUsed: async () => ((await call(baseUrl, '/api/chat/usage', { cookie })).data as { used: number }).used,
    /** A download, as bytes. */
    bytes: async (path: string) => {
      const response = await fetch(baseUrl + path, { headers: { cookie: `sid=${cookie}` } });
      return {
        status: response.status,
        headers: response.headers,
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    },
    createDeck: async (name: string) =>
      (
        (await expectOk(await call(baseUrl, '/api/cards/decks/create', { json: { name }, cookie }))) as {
          deck: { id: string; name: string };
        }
      ).deck,
    createCard: async (deckId: string, card: { kind?: string; front: string; back?: string; tags?: string[] }) =>
      (await expectOk(
        await call(baseUrl, '/api/cards/create', {
          json: { deck: { deckId }, card: { kind: 'basic', back: 'answer', ...card } },
          cookie,
        }),
      )) as CardNoteResponse,
    decks: async (tz = 'UTC') =>
      (await expectOk(
        await call(baseUrl, `/api/cards/decks?tz=${encodeURIComponent(tz)}`, { cookie }),
      )) as ListDecksResponse,
  };
}

/** A kept conversation with one assistant reply, written straight to the database. */
export async function createChatReply(db: Db, userId: string, content: string, title = 'Investing chat') {
  const now = Date.now();
  const conversationId = randomUUID();
  const messageId = randomUUID();
  await db.insert(conversations).values({ id: conversationId, userId, title, createdAt: now, updatedAt: now });
  await db.insert(chatMessages).values([
    {
      id: randomUUID(),
      conversationId,
      role: 'user',
      content: 'Tell me about index funds',
      status: 'complete',
      createdAt: now,
    },
    { id: messageId, conversationId, role: 'assistant', content, status: 'complete', createdAt: now },
  ]);
  return { conversationId, messageId };
}
