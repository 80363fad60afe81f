import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// Decision 017: a note saved while the client saw a reset must not be created once per retry. A create sent with an
// Idempotency-Key is made once; a retry gets the first answer.

const server = useTestServer();

async function member() {
  const user = await createUser(server.database.db);
  return createSessionToken(server.database.db, user.id);
}

const create = (cookie: string, key: string | undefined, note = { name: 'Retry', content: 'Saved once.' }) =>
  call(server.url, '/api/note/save', {
    json: { note },
    cookie,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function notesOf(cookie: string): Promise<Note[]> {
  return ((await call(server.url, '/api/note/list', { cookie })).data as { notes: Note[] }).notes;
}

describe('creating a note with an Idempotency-Key', () => {
  it('answers a retry with the note the first request made, and makes no second one', async () => {
    const cookie = await member();
    const key = randomUUID();
    const first = await create(cookie, key);
    expect(first.status).toBe(200);
    const retry = await create(cookie, key);
    expect(retry.status).toBe(200);
    expect(retry.data).toEqual(first.data);
    expect(await notesOf(cookie)).toHaveLength(1);
  });

  it('makes one note when the first request and its retries arrive together', async () => {
    const cookie = await member();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(cookie, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((answer) => (answer.data as { savedNote: Note }).savedNote.id));
    expect(ids.size).toBe(1);
    expect(await notesOf(cookie)).toHaveLength(1);
  });

  it('still makes one note when the first answer never reached the client', async () => {
    const cookie = await member();
    const key = randomUUID();
    // The client gives up before the answer arrives (a reset, a timeout); the server goes on and saves.
    const controller = new AbortController();
    const lost = fetch(`${server.url}/api/note/save`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: `sid=${cookie}`,
        'idempotency-key': key,
      },
      body: JSON.stringify({ note: { name: 'Retry', content: 'Saved once.' } }),
      signal: controller.signal,
    }).catch(() => undefined);
    controller.abort();
    await lost;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await create(cookie, key)).status).toBe(200);
    expect(await notesOf(cookie)).toHaveLength(1);
  });

  it('refuses the same key with another body (422)', async () => {
    const cookie = await member();
    const key = randomUUID();
    expect((await create(cookie, key)).status).toBe(200);
    const other = await create(cookie, key, { name: 'Other', content: 'Something else.' });
    expect(other.status).toBe(422);
    expect(other.data).toEqual({
      code: 'idempotencyKeyReused',
      message: 'This Idempotency-Key was already used for a different request.',
    });
  });

  it("keeps each person's keys apart, creates anew without a key, and refuses a malformed key", async () => {
    const [one, two] = [await member(), await member()];
    const key = randomUUID();
    expect((await create(one, key)).status).toBe(200);
    expect((await create(two, key)).status).toBe(200);
    expect(await notesOf(two)).toHaveLength(1);
    await create(one, undefined);
    await create(one, undefined);
    expect(await notesOf(one)).toHaveLength(3);
    const malformed = await create(one, 'x'.repeat(129));
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({
      message: 'The Idempotency-Key header must be 1 to 128 visible characters.',
    });
  });
});

describe('sending a chat message with an Idempotency-Key', () => {
  const send = (cookie: string, key: string, content = 'Tell me about bonds') =>
    call(server.url, '/api/chat/send', { json: { message: { content } }, cookie, headers: { 'idempotency-key': key } });
  const metaOf = (text: string) =>
    JSON.parse(text.split('\n\n')[0]!.slice('data: '.length)) as {
      meta: { conversation: { id: string }; assistantMessageId: string };
    };

  it('answers a retry with the first exchange (its meta, then the end): no second conversation, no second reply', async () => {
    const cookie = await member();
    const key = randomUUID();
    const first = await send(cookie, key);
    expect(first.text).toContain('"finish_reason":"stop"');
    const retry = await send(cookie, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('content-type')).toContain('text/event-stream');
    expect(metaOf(retry.text).meta).toEqual(metaOf(first.text).meta);
    expect(retry.text).not.toContain('finish_reason":"stop');
    const list = (await call(server.url, '/api/chat/conversations', { cookie })).data as {
      conversations: { id: string }[];
    };
    expect(list.conversations).toHaveLength(1);
    const usage = (await call(server.url, '/api/chat/usage', { cookie })).data as { used: number };
    expect(usage.used).toBe(1);
    expect((await send(cookie, key, 'Another question')).status).toBe(422);
  });
});

describe('creating a card with an Idempotency-Key', () => {
  it('makes the card once however often the request is retried', async () => {
    const cookie = await member();
    const key = randomUUID();
    const body = { card: { kind: 'basic', front: 'Capital of France?', back: 'Paris' }, deck: { deckName: 'Geo' } };
    const create = () =>
      call(server.url, '/api/cards/create', { json: body, cookie, headers: { 'idempotency-key': key } });
    const answers = await Promise.all([create(), create(), create()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((answer) => (answer.data as { card: { id: string } }).card.id));
    expect(ids.size).toBe(1);
    const summary = (await call(server.url, '/api/cards/summary?tz=UTC', { cookie })).data as {
      allowance: { used: number };
    };
    expect(summary.allowance.used).toBe(1);
  });
});
