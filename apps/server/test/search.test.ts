import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTE_CONTENT_MAX_LENGTH } from '@turtle/shared/constants';
import type { Note } from '@turtle/shared/note';
import type { SearchResponse, SearchResult } from '@turtle/shared/search';
import { indexNotesLeftOut, isNoteIndexed } from '../src/core/notes/notes-index';
import { notes } from '../src/core/notes/notes.tables';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Search", docs/decisions/036-one-index.md: one index of the learner's notes, current with each save.
const server = useTestServer();
let alice: string;
let aliceId: string;
let bob: string;

beforeAll(async () => {
  const db = server.database.db;
  aliceId = (await createUser(db, { name: 'Alice' })).id;
  alice = await createSessionToken(db, aliceId);
  bob = await createSessionToken(db, (await createUser(db, { name: 'Bob' })).id);
});

const save = async (cookie: string, note: Record<string, unknown>) =>
  ((await call(server.url, '/api/note/save', { json: { note }, cookie })).data as { savedNote: Note }).savedNote;
const search = (cookie: string, q: string, extra = '') =>
  call(server.url, `/api/search?q=${encodeURIComponent(q)}${extra}`, { cookie });
const found = async (cookie: string, q: string): Promise<SearchResult[]> => {
  const res = await search(cookie, q);
  expect(res.status, res.text).toBe(200);
  return (res.data as SearchResponse).results;
};
const marked = (result: SearchResult) =>
  result.highlights.map(([start, length]) => result.snippet.slice(start, start + length));

describe('search across notes', () => {
  it('finds a saved note by the words of its passage, with the matched words marked', async () => {
    const note = await save(alice, {
      name: 'Fund fees',
      content: 'I decided to keep the index fund: its fees are 0.1% a year.\n\nThe active fund charged 1.2%.',
    });
    const results = await found(alice, 'what did I decide about fund fees');
    expect(results[0]).toMatchObject({ kind: 'note', sourceId: note.id, title: 'Fund fees', position: 0 });
    expect(marked(results[0]!).map((word) => word.toLowerCase())).toEqual(expect.arrayContaining(['fund', 'fees']));
    expect([...results[0]!.snippet].some((char) => char === '\u0002' || char === '\u0003')).toBe(false);
  });

  it("never shows one person the other person's notes, though their words are the same", async () => {
    const word = `zebra${randomUUID().slice(0, 8)}`;
    const mine = await save(alice, { name: 'Mine', content: `Alice writes about ${word} crossings.` });
    const theirs = await save(bob, { name: 'Theirs', content: `Bob writes about ${word} crossings.` });
    expect((await found(alice, word)).map((result) => result.sourceId)).toEqual([mine.id]);
    expect((await found(bob, word)).map((result) => result.sourceId)).toEqual([theirs.id]);
  });

  it('follows each edit and delete at once: the old words go, the new ones are found', async () => {
    const note = await save(alice, { name: 'Trip', content: 'Pack the umbrella.' });
    expect(await found(alice, 'umbrella')).toHaveLength(1);
    await save(alice, { id: note.id, name: 'Trip', content: 'Pack the sunscreen.' });
    expect(await found(alice, 'umbrella')).toEqual([]);
    expect((await found(alice, 'sunscreen')).map((result) => result.sourceId)).toEqual([note.id]);
    expect((await call(server.url, '/api/note/delete', { json: { id: note.id }, cookie: alice })).status).toBe(200);
    expect(await found(alice, 'sunscreen')).toEqual([]);
  });

  it('finds a word deep in a note of the largest size, in its own passage', async () => {
    const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor. ';
    let content = '';
    while (content.length < NOTE_CONTENT_MAX_LENGTH - 200)
      content += filler + (content.length % 3000 < 80 ? '\n\n' : '');
    content = content.slice(0, NOTE_CONTENT_MAX_LENGTH - 40) + ' the quetzal nests here';
    expect(content.length).toBeLessThanOrEqual(NOTE_CONTENT_MAX_LENGTH);
    const note = await save(alice, { name: 'Long', content });
    const [result] = await found(alice, 'quetzal');
    expect(result).toMatchObject({ sourceId: note.id });
    expect(result!.position).toBeGreaterThan(50);
    expect(marked(result!)).toEqual(['quetzal']);
  });

  it('works with emoji and scripts other than English', async () => {
    await save(alice, { name: 'Cafés ☕', content: 'Москва зимой 🥶 — café crème à Paris' });
    expect(await found(alice, 'Москва')).toHaveLength(1);
    expect(await found(alice, 'café')).toHaveLength(1);
    expect(await found(alice, '☕')).toEqual([]);
  });

  it('answers any query text without an error, web-search syntax included', async () => {
    for (const q of ['"unclosed', '-', 'or or', '&|!():*', "'; drop table passages; --", '\\', '🥶']) {
      expect((await search(alice, q)).status, q).toBe(200);
    }
  });

  it('refuses an empty or too long query, an unknown kind and a signed-out call, saying why', async () => {
    expect((await search(alice, '  ')).data).toEqual({
      code: 'validation',
      field: 'q',
      message: 'Type what to search for.',
    });
    expect((await search(alice, 'x'.repeat(201))).data).toEqual({
      code: 'validation',
      field: 'q',
      message: 'A search is at most 200 characters.',
    });
    expect((await search(alice, 'fund', '&kind=planet')).status).toBe(400);
    expect((await search(alice, 'fund', '&kind=note')).status).toBe(200);
    expect((await call(server.url, '/api/search?q=fund')).status).toBe(401);
  });

  it('indexes notes written before the index existed', async () => {
    const id = randomUUID();
    const now = Date.now();
    await server.database.db.insert(notes).values({
      id,
      userId: aliceId,
      name: 'Older',
      content: 'A note from before: the axolotl regrows its limbs.',
      createdAt: now,
      updatedAt: now,
      lastAccessAt: now,
    });
    expect(await isNoteIndexed(server.database.db, id)).toBe(false);
    expect(await indexNotesLeftOut(server.database.db)).toBeGreaterThanOrEqual(1);
    expect((await found(alice, 'axolotl')).map((result) => result.sourceId)).toEqual([id]);
    expect(await indexNotesLeftOut(server.database.db)).toBe(0);
  });
});
