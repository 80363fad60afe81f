import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { notes } from '../src/db/schema';
import { DELETED_NOTE_KEPT_MS } from '../src/core/notes/notes.repository';
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
const restore = (cookie: string, id: unknown) => call(server.url, '/api/note/restore', { json: { id }, cookie });
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

describe('delete with Undo', () => {
  it('a deleted note is gone everywhere, and restore brings it back whole, with its id and times', async () => {
    const cookie = await person('Undoer');
    const note = await saved(cookie, { name: 'Keep me', content: 'important' });
    expect((await remove(cookie, note.id)).status).toBe(200);
    expect(await list(cookie)).toEqual([]);
    expect((await call(server.url, `/api/note/get?id=${note.id}`, { cookie })).status).toBe(404);
    expect((await save(cookie, { id: note.id, name: 'Edit', content: 'z' })).status).toBe(404);
    expect((await remove(cookie, note.id)).status).toBe(404);

    const back = await restore(cookie, note.id);
    expect(back.status).toBe(200);
    expect((back.data as { note: Note }).note).toEqual(note);
    expect(await list(cookie)).toEqual([note]);
    // Restoring a note that is not deleted is a 404.
    expect((await restore(cookie, note.id)).status).toBe(404);
  });

  it('nobody else can restore or see a deleted note', async () => {
    const owner = await person('Deleter');
    const other = await person('Snoop');
    const note = await saved(owner, { name: 'Private', content: 'secret' });
    await remove(owner, note.id);
    const res = await restore(other, note.id);
    expect(res.status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toEqual([]);
  });

  it('a note deleted longer ago than the Undo allows cannot be restored and is purged', async () => {
    const cookie = await person('Late');
    const note = await saved(cookie, { name: 'Old', content: 'gone' });
    await remove(cookie, note.id);
    const db = server.database.db;
    await db
      .update(notes)
      .set({ deletedAt: Date.now() - DELETED_NOTE_KEPT_MS - 1_000 })
      .where(eq(notes.id, note.id));
    const res = await restore(cookie, note.id);
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ message: 'That note can no longer be restored.' });
    await list(cookie);
    expect(await db.select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
  });

  it('refuses a bad restore body with 400, another origin with 403, and no session with 401', async () => {
    const cookie = await person('Bad restore');
    expect((await restore(cookie, '')).status).toBe(400);
    expect((await restore(cookie, 42)).status).toBe(400);
    const foreign = await call(server.url, '/api/note/restore', {
      json: { id: 'x' },
      cookie,
      origin: 'https://evil.test',
    });
    expect(foreign.status).toBe(403);
    expect((await restore('', 'x')).status).toBe(401);
  });
});
