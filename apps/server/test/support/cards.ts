import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { CardNoteResponse, ListDecksResponse } from '@turtle/shared/cards';
import { Plan } from '@turtle/shared/plans';
import type { Db } from '../../src/db/database';
import { cardNotes, cards, chatMessages, conversations, decks, reviewLogs } from '../../src/db/schema';
import { createSessionToken, createUser } from './factories';
import { call } from './http';
import type { TestServer } from './test-server';

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

/** A Pro member who sends Anki packages as the import screen does (raw bytes), with their cards client. */
export async function packageSender(server: TestServer, name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name, plan: Plan.PRO, expireAt: -1 });
  const cookie = await createSessionToken(db, user.id);
  const upload = (path: string, bytes: Uint8Array) =>
    call(server.url, path, { body: bytes, contentType: 'application/octet-stream', cookie });
  return { user, cookie, client: cardsClient(server.url, cookie), upload };
}

/** Everything a person owns that an import writes: a refused package leaves `NOTHING_IMPORTED`. */
export async function importedRows(db: Db, userId: string) {
  const countOf = async (table: typeof cards | typeof cardNotes | typeof decks | typeof reviewLogs) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  return {
    decks: await countOf(decks),
    notes: await countOf(cardNotes),
    cards: await countOf(cards),
    reviews: await countOf(reviewLogs),
  };
}
export const NOTHING_IMPORTED = { decks: 0, notes: 0, cards: 0, reviews: 0 };
