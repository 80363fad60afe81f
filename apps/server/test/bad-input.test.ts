import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '@turtle/shared/text';
import { notes } from '../src/db/schema';
import { createLogger } from '../src/logger';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// security.md 7c.4 and 7c.5: a NUL character is refused, never a 500 (PostgreSQL refuses 0x00), and no error line
// quotes a query's values; a Range past the end of a page is no 500; a long media name never gets the app's page.

const logLines: string[] = [];
const server = useTestServer({
  webFiles: { 'index.html': '<!doctype html><div id="root"></div>' },
  env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
  logDestination: { write: (line) => void logLines.push(line) },
});

let ipCounter = 0;
const nextIp = () => `10.81.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const NUL = '\u0000';

async function signedIn() {
  const user = await createUser(server.database.db);
  return createSessionToken(server.database.db, user.id);
}

function expectNulRefused(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(400);
  expect(res.data).toMatchObject({ message: NUL_MESSAGE });
}

describe('a NUL character', () => {
  it.each([
    ['name', { name: `Ann${NUL}`, email: `nul-${randomUUID()}@example.test`, password: 'secret1' }],
    ['email', { name: 'Ann', email: `nul-${randomUUID()}${NUL}@example.test`, password: 'secret1' }],
    ['password', { name: 'Ann', email: `nul-${randomUUID()}@example.test`, password: `secret1${NUL}` }],
  ])('in the signup %s is a 400', async (_field, form) => {
    expectNulRefused(await call(server.url, '/api/user/signup', { form, headers: { 'x-forwarded-for': nextIp() } }));
  });

  it('in the login email or password is a 400', async () => {
    for (const form of [
      { email: `nul${NUL}@example.test`, password: 'secret1' },
      { email: 'nul@example.test', password: `x${NUL}` },
    ]) {
      expectNulRefused(await call(server.url, '/api/user/login', { form, headers: { 'x-forwarded-for': nextIp() } }));
    }
  });

  it('in a note id, title or body, or the id to get or delete, is a 400 that logs none of the note', async () => {
    const cookie = await signedIn();
    const secret = `private-note-${randomUUID()}`;
    for (const note of [
      { name: 'Title', content: `${secret}${NUL}` },
      { name: `Ti${NUL}tle`, content: secret },
      { id: `id${NUL}`, name: 'Title', content: secret },
    ]) {
      expectNulRefused(await call(server.url, '/api/note/save', { json: { note }, cookie }));
    }
    expectNulRefused(await call(server.url, '/api/note/get?id=%00', { cookie }));
    expectNulRefused(await call(server.url, '/api/note/delete', { json: { id: NUL }, cookie }));
    expect(logLines.join('')).not.toContain(secret);
  });

  it('in a conversation id or title, or chat content, is a 400 before any stream starts', async () => {
    const cookie = await signedIn();
    expectNulRefused(await call(server.url, '/api/chat/conversations/get?id=a%00b', { cookie }));
    expectNulRefused(
      await call(server.url, '/api/chat/conversations/rename', { json: { id: 'x', title: `T${NUL}` }, cookie }),
    );
    expectNulRefused(
      await call(server.url, '/api/chat/send', {
        json: { message: { content: `Hello${NUL}` }, model: 'gpt-4.1-mini' },
        cookie,
      }),
    );
    expectNulRefused(
      await call(server.url, '/api/chat/stream', {
        json: { messages: [{ role: 'user', content: `Hi${NUL}` }], model: 'gpt-4.1-mini' },
        cookie,
      }),
    );
  });

  it('in any query, even one a route does not read, is a 400', async () => {
    expectNulRefused(await call(server.url, '/api/lessons?x=%00'));
  });
});

describe('a lone surrogate', () => {
  // JSON may carry half of a surrogate pair ("\udfff"). A text column stored it as U+FFFD; the jsonb of card tags
  // refused it, and the save was a 500 (found by fuzz-endpoints.test.ts).
  it('is stored as U+FFFD in a card front and its tags, not a 500', async () => {
    const cookie = await signedIn();
    const deck = await call(server.url, '/api/cards/decks/create', { json: { name: 'Surrogates' }, cookie });
    const created = await call(server.url, '/api/cards/create', {
      json: {
        deck: { deckId: (deck.data as { deck: { id: string } }).deck.id },
        card: { kind: 'basic', front: 'a\ud800', tags: ['x\udfff'] },
      },
      cookie,
    });
    expect(created.status, created.text).toBe(200);
    expect((created.data as { card: { front: string; tags: string[] } }).card).toMatchObject({
      front: 'a\ufffd',
      tags: ['x\ufffd'],
    });
  });
});

describe('the log of a failed query', () => {
  it('holds none of its values: no email, password hash or note content', async () => {
    const user = await createUser(server.database.db);
    const secret = `very-private-note-${randomUUID()}`;
    const error = await server.database.db
      .insert(notes)
      .values({
        id: randomUUID(),
        userId: user.id,
        name: 'n',
        content: `${secret}${NUL}`,
        createdAt: 1,
        updatedAt: 1,
        lastAccessAt: 1,
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(String((error as Error).message)).toContain(secret);
    const lines: string[] = [];
    createLogger('info', { write: (line: string) => void lines.push(line) }).error({ err: error }, 'request failed');
    const line = lines.join('');
    expect(line).not.toContain(secret);
    expect(line).toContain('Failed query: insert into \\"notes\\"');
    expect(line.length).toBeLessThan(4_000);
  });
});

describe('ranges and media names', () => {
  it.each(['/', '/pricing'])('answers 416 to a Range past the end of %s', async (page) => {
    const res = await call(server.url, page, { headers: { range: 'bytes=99999999-' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toMatch(/^bytes \*\/\d+$/);
  });

  it('answers 404, not the app, for a lesson media name over 100 characters', async () => {
    const res = await call(server.url, `/media/lessons/${'a'.repeat(150)}`);
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ code: 'notFound' });
  });

  it('answers 404, not the app, for a missing asset with a long name and no extension', async () => {
    const res = await call(server.url, `/assets/${'a'.repeat(150)}`);
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ code: 'notFound' });
  });
});
