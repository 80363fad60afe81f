import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();
let alice: string;
let bob: string;

beforeAll(async () => {
  const db = server.database.db;
  alice = await createSessionToken(db, (await createUser(db, { name: 'Alice' })).id);
  bob = await createSessionToken(db, (await createUser(db, { name: 'Bob' })).id);
});

const save = (cookie: string, note: unknown) => call(server.url, '/api/note/save', { json: { note }, cookie });
const list = async (cookie: string) =>
  ((await call(server.url, '/api/note/list', { cookie })).data as { notes: Note[] }).notes;
const saved = async (cookie: string, note: unknown) =>
  ((await save(cookie, note)).data as { savedNote: Note }).savedNote;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('notes API', () => {
  it('creates a note with server id and times, all three set to now', async () => {
    const before = Date.now();
    const note = await saved(alice, { name: '  Groceries  ', content: '  eggs\n' });
    expect(note).toEqual({
      id: expect.any(String),
      name: 'Groceries',
      content: '  eggs\n',
      createdAt: expect.any(Number),
      updatedAt: note.createdAt,
      lastAccessAt: note.createdAt,
    });
    expect(note.createdAt).toBeGreaterThanOrEqual(before);
    expect(note.createdAt).toBeLessThanOrEqual(Date.now());
  });

  it('saves a blank title as "Untitled Note"', async () => {
    expect((await saved(alice, { name: '   ', content: 'body' })).name).toBe('Untitled Note');
  });

  it('an edit keeps createdAt and refreshes updatedAt and lastAccessAt', async () => {
    const created = await saved(alice, { name: 'Draft', content: 'one' });
    await pause();
    const edited = await saved(alice, { id: created.id, name: 'Final', content: 'two' });
    expect(edited).toMatchObject({ id: created.id, name: 'Final', content: 'two', createdAt: created.createdAt });
    expect(edited.updatedAt).toBeGreaterThan(created.updatedAt);
    expect(edited.lastAccessAt).toBe(edited.updatedAt);
  });

  it('lists the caller\u2019s notes by last access, and opening one moves it to the top', async () => {
    const user = await createUser(server.database.db, { name: 'Lister' });
    const cookie = await createSessionToken(server.database.db, user.id);
    const first = await saved(cookie, { name: 'First', content: '' });
    await pause();
    const second = await saved(cookie, { name: 'Second', content: '' });
    expect((await list(cookie)).map((note) => note.id)).toEqual([second.id, first.id]);
    await pause();
    const opened = await call(server.url, `/api/note/get?id=${first.id}`, { cookie });
    expect(opened.status).toBe(200);
    expect((opened.data as { note: Note }).note.lastAccessAt).toBeGreaterThan(first.lastAccessAt);
    expect((await list(cookie)).map((note) => note.id)).toEqual([first.id, second.id]);
  });

  it('deletes a note', async () => {
    const note = await saved(alice, { name: 'Temp', content: '' });
    const res = await call(server.url, '/api/note/delete', { json: { id: note.id }, cookie: alice });
    expect(res.data).toEqual({ ok: true });
    expect((await list(alice)).some((item) => item.id === note.id)).toBe(false);
    expect((await call(server.url, '/api/note/delete', { json: { id: note.id }, cookie: alice })).status).toBe(404);
  });

  it('keeps owner and times on the server whatever the client sends', async () => {
    const note = await saved(bob, { name: 'Mine', content: '', userId: 'someone', createdAt: 1, lastAccessAt: 2 });
    expect(note.createdAt).toBeGreaterThan(1_000_000);
    expect(note).not.toHaveProperty('userId');
    expect((await list(alice)).some((item) => item.id === note.id)).toBe(false);
  });
});

describe('notes belong to their owner', () => {
  let aliceNote: Note;
  beforeAll(async () => {
    aliceNote = await saved(alice, { name: 'Private', content: 'secret plans' });
  });

  it('B does not see A\u2019s notes in the list', async () => {
    expect((await list(bob)).some((note) => note.id === aliceNote.id)).toBe(false);
  });

  it('B gets 404 opening, saving over or deleting A\u2019s note, and A\u2019s note is unchanged', async () => {
    expect((await call(server.url, `/api/note/get?id=${aliceNote.id}`, { cookie: bob })).status).toBe(404);
    const overwrite = await save(bob, { id: aliceNote.id, name: 'Pwned', content: 'gone' });
    expect(overwrite.status).toBe(404);
    expect(overwrite.data).toEqual({ code: 'notFound', message: 'That note does not exist.' });
    expect((await call(server.url, '/api/note/delete', { json: { id: aliceNote.id }, cookie: bob })).status).toBe(404);
    const mine = (await list(alice)).find((note) => note.id === aliceNote.id);
    expect(mine).toMatchObject({ name: 'Private', content: 'secret plans' });
  });

  it('answers 401 to all four without a session', async () => {
    expect((await call(server.url, '/api/note/list')).status).toBe(401);
    expect((await call(server.url, `/api/note/get?id=${aliceNote.id}`)).status).toBe(401);
    expect((await call(server.url, '/api/note/save', { json: { note: { name: 'x', content: '' } } })).status).toBe(401);
    expect((await call(server.url, '/api/note/delete', { json: { id: aliceNote.id } })).status).toBe(401);
  });

  it('refuses a save from another origin with 403', async () => {
    const res = await call(server.url, '/api/note/save', {
      json: { note: { name: 'x', content: '' } },
      cookie: alice,
      origin: 'https://evil.test',
    });
    expect(res.status).toBe(403);
  });
});

describe('bad note input', () => {
  it('answers 413 "Note is too long" past 200 title or 200,000 content characters', async () => {
    for (const note of [
      { name: 'x'.repeat(201), content: '' },
      { name: 'ok', content: 'x'.repeat(200_001) },
    ]) {
      const res = await save(alice, note);
      expect(res.status).toBe(413);
      expect(res.data).toEqual({ code: 'payloadTooLarge', message: 'Note is too long' });
    }
    expect((await save(alice, { name: 'x'.repeat(200), content: 'x'.repeat(200_000) })).status).toBe(200);
  });

  it('answers 400 for a missing note, non-string fields, or a missing id', async () => {
    expect((await call(server.url, '/api/note/save', { json: {}, cookie: alice })).status).toBe(400);
    expect((await save(alice, { name: 5, content: '' })).status).toBe(400);
    expect((await save(alice, { name: 'x', content: null })).status).toBe(400);
    expect((await call(server.url, '/api/note/delete', { json: {}, cookie: alice })).status).toBe(400);
    expect((await call(server.url, '/api/note/get', { cookie: alice })).status).toBe(400);
  });

  it('answers 415 for a form-encoded save', async () => {
    const res = await call(server.url, '/api/note/save', { form: { note: 'x' }, cookie: alice });
    expect(res.status).toBe(415);
  });

  it('never answers a 5xx to random JSON on save, delete and get', async () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const noteLike = fc.record(
      { id: fc.oneof(fc.string(), json), name: fc.oneof(fc.string(), json), content: fc.oneof(fc.string(), json) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(json, fc.record({ note: fc.oneof(noteLike, json) }), fc.record({ id: json })),
        async (body) => {
          for (const path of ['/api/note/save', '/api/note/delete']) {
            const res = await call(server.url, path, { json: body, cookie: alice });
            expect(res.status).toBeLessThan(500);
          }
          const query = new URLSearchParams({ id: JSON.stringify(body) }).toString();
          expect((await call(server.url, `/api/note/get?${query}&id=2`, { cookie: alice })).status).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});
