import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { notes } from '../src/db/schema';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();

async function person(name: string): Promise<string> {
  const db = server.database.db;
  return createSessionToken(db, (await createUser(db, { name })).id);
}
const save = (cookie: string, note: unknown) => call(server.url, '/api/note/save', { json: { note }, cookie });
const saved = async (cookie: string, note: unknown) =>
  ((await save(cookie, note)).data as { savedNote: Note }).savedNote;
const list = async (cookie: string) =>
  ((await call(server.url, '/api/note/list', { cookie })).data as { notes: Note[] }).notes;
const remove = (cookie: string, id: string) => call(server.url, '/api/note/delete', { json: { id }, cookie });
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('autosave: an edit based on an older version', () => {
  it('saves when the note is as the editor loaded it, and refuses with 409 when it changed elsewhere', async () => {
    const cookie = await person('Autosaver');
    const created = await saved(cookie, { name: 'Plan', content: 'one' });
    await pause();
    const first = await save(cookie, {
      id: created.id,
      name: 'Plan',
      content: 'one two',
      baseUpdatedAt: created.updatedAt,
    });
    expect(first.status).toBe(200);
    const afterFirst = (first.data as { savedNote: Note }).savedNote;
    // Another window saved from the same starting point: refused, nothing overwritten.
    const stale = await save(cookie, {
      id: created.id,
      name: 'Plan',
      content: 'other',
      baseUpdatedAt: created.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ code: 'conflict', message: expect.stringContaining('changed somewhere else') });
    expect((await list(cookie)).find((note) => note.id === created.id)?.content).toBe('one two');
    // The next autosave goes on from the version it got back.
    await pause();
    const next = await save(cookie, {
      id: created.id,
      name: 'Plan',
      content: 'one two three',
      baseUpdatedAt: afterFirst.updatedAt,
    });
    expect(next.status).toBe(200);
    // The Save button's path without a base still saves (the spec's call).
    expect((await save(cookie, { id: created.id, name: 'Plan', content: 'final' })).status).toBe(200);
  });

  it('answers 404, not 409, for another person\u2019s note, and 400 for a bad base', async () => {
    const owner = await person('Owner');
    const other = await person('Other');
    const note = await saved(owner, { name: 'Mine', content: 'x' });
    const res = await save(other, { id: note.id, name: 'Taken', content: 'y', baseUpdatedAt: note.updatedAt });
    expect(res.status).toBe(404);
    const bad = await save(owner, { id: note.id, name: 'Mine', content: 'x', baseUpdatedAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect((await list(owner))[0]?.name).toBe('Mine');
  });
});

describe('delete for good (the spec\u2019s "This action cannot be undone.")', () => {
  it('a deleted note is gone everywhere, its row removed from the database, and a retried delete is a 404', async () => {
    const cookie = await person('Deleter');
    const note = await saved(cookie, { name: 'Gone', content: 'for good' });
    expect((await remove(cookie, note.id)).status).toBe(200);
    expect(await list(cookie)).toEqual([]);
    expect((await call(server.url, `/api/note/get?id=${note.id}`, { cookie })).status).toBe(404);
    expect((await save(cookie, { id: note.id, name: 'Edit', content: 'z' })).status).toBe(404);
    expect((await remove(cookie, note.id)).status).toBe(404);
    expect(await server.database.db.select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
  });

  it('offers no restore: the Undo route of earlier versions is gone', async () => {
    const cookie = await person('No undo');
    const note = await saved(cookie, { name: 'Gone', content: 'x' });
    await remove(cookie, note.id);
    const res = await call(server.url, '/api/note/restore', { json: { id: note.id }, cookie });
    expect(res.status).toBe(404);
    expect(await list(cookie)).toEqual([]);
  });

  it('a note marked deleted by an earlier version stays hidden and is purged at the next list', async () => {
    const cookie = await person('Upgraded');
    const note = await saved(cookie, { name: 'Old mark', content: 'gone' });
    const db = server.database.db;
    await db.update(notes).set({ deletedAt: Date.now() }).where(eq(notes.id, note.id));
    expect(await list(cookie)).toEqual([]);
    expect(await db.select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
  });

  it('nobody else can delete a note', async () => {
    const owner = await person('Owner of one');
    const other = await person('Snoop');
    const note = await saved(owner, { name: 'Private', content: 'secret' });
    expect((await remove(other, note.id)).status).toBe(404);
    expect(await list(owner)).toEqual([note]);
  });
});
