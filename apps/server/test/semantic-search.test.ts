import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import type { SearchResponse, SearchStatus } from '@turtle/shared/search';
import { searchPassages } from '../src/core/knowledge/passages.repository';
import { SemanticIndex, semanticIndexOf } from '../src/core/knowledge/semantic-index';
import { createSessionToken, createUser } from './support/factories';
import { FAKE_DIMENSIONS, FAKE_EMBEDDING_MODEL, fakeEmbedding } from './support/fake-embeddings';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/048-semantic-search.md: with EMBEDDING_MODEL, passages get vectors (pgvector) in the background and
// search merges keyword and nearest passages by reciprocal rank fusion; a failing model leaves keyword search, says
// so, and is asked again later, losing nothing. The vector SQL runs on PGlite's pgvector; the PostgreSQL here has
// none, and semantic-search-off.test.ts proves that path.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(onPostgres)('semantic search on PGlite’s pgvector', () => {
  const server = useTestServer({
    fakeLlm: true,
    env: { EMBEDDING_MODEL: FAKE_EMBEDDING_MODEL, EMBEDDING_TIMEOUT_MS: '1500' },
  });
  const person = async (name: string) => {
    const user = await createUser(server.database.db, { name });
    return { id: user.id, cookie: await createSessionToken(server.database.db, user.id) };
  };
  const save = async (cookie: string, note: { name: string; content: string }) =>
    ((await call(server.url, '/api/note/save', { json: { note }, cookie })).data as { savedNote: Note }).savedNote;
  const search = async (cookie: string, q: string, extra = '') => {
    const res = await call(server.url, `/api/search?q=${encodeURIComponent(q)}${extra}`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.data as SearchResponse;
  };
  const status = async (cookie: string) =>
    (await call(server.url, '/api/search/status', { cookie })).data as SearchStatus;
  /** Until every passage of the person has its vector (the background pass wakes on each save). */
  const embedded = async (cookie: string) => {
    await expect.poll(() => status(cookie), { timeout: 15_000, interval: 100 }).toEqual({ semantic: 'ready' });
  };
  const semantic = () => semanticIndexOf(server.database.db)!;

  it('finds a note by its meaning, with no word in common, where keyword search finds nothing', async () => {
    const alice = await person('Alice');
    const note = await save(alice.cookie, { name: 'Garage', content: 'My automobile needs new tyres before winter.' });
    await save(alice.cookie, { name: 'Soup', content: 'Leek and potato, with a little cream.' });
    await embedded(alice.cookie);
    const keyword = await searchPassages(server.database.db, alice.id, 'car');
    expect(keyword).toEqual([]);
    const found = await search(alice.cookie, 'car');
    expect(found.semantic).toBe('on');
    expect(found.results.map((result) => result.sourceId)).toEqual([note.id]);
    expect(found.results[0]).toMatchObject({ kind: 'note', title: 'Garage', highlights: [] });
  });

  it('ranks a passage both lists find above one only a single list finds (reciprocal rank fusion)', async () => {
    const bob = await person('Bob');
    const both = await save(bob.cookie, { name: 'Doctor visit', content: 'The doctor said to rest the knee.' });
    const meaning = await save(bob.cookie, { name: 'Clinic', content: 'The physician was kind.' });
    await embedded(bob.cookie);
    const found = await search(bob.cookie, 'doctor');
    expect(found.results.map((result) => result.sourceId)).toEqual([both.id, meaning.id]);
  });

  it("never shows one person the other's passages, though their words and vectors are the same", async () => {
    const [carol, dave] = [await person('Carol'), await person('Dave')];
    const mine = await save(carol.cookie, { name: 'Wheels', content: 'A vehicle with a flat tyre.' });
    const theirs = await save(dave.cookie, { name: 'Wheels', content: 'A vehicle with a flat tyre.' });
    await embedded(carol.cookie);
    await embedded(dave.cookie);
    // "automobile" shares no word with the notes: only the vectors find them.
    expect((await search(carol.cookie, 'automobile')).results.map((r) => r.sourceId)).toEqual([mine.id]);
    expect((await search(dave.cookie, 'automobile')).results.map((r) => r.sourceId)).toEqual([theirs.id]);
  });

  it('shows the progress of embedding: a passage saved while the model is away is counted as left', async () => {
    const erin = await person('Erin');
    server.fakeLlm.embeddings = { down: true };
    semantic().retryMs = 60_000;
    // A search meets the fault; from then on semantic search rests, and the pass with it.
    expect((await search(erin.cookie, 'automobile repair')).semantic).toBe('unavailable');
    await save(erin.cookie, { name: 'Money', content: 'Put the savings in the index fund.' });
    await save(erin.cookie, { name: 'Trip', content: 'Train to Lyon on Friday.' });
    expect(await status(erin.cookie)).toEqual({ semantic: 'unavailable', embedded: 0, total: 2 });
    // Nothing lost: once the model answers again, the passages saved meanwhile get their vectors.
    server.fakeLlm.embeddings = { hang: true };
    semantic().retryMs = 0;
    await expect
      .poll(() => status(erin.cookie), { interval: 50 })
      .toEqual({ semantic: 'preparing', embedded: 0, total: 2 });
    server.fakeLlm.embeddings = {};
    await embedded(erin.cookie);
    // The lessons everyone can open are embedded too, and speak of money: the notes alone here.
    expect((await search(erin.cookie, 'cash', '&kind=note')).results.map((r) => r.title)).toEqual(['Money']);
  });
});

describe.skipIf(onPostgres)('a change of embedding model', () => {
  const server = useTestServer({ fakeLlm: true, env: { EMBEDDING_MODEL: FAKE_EMBEDDING_MODEL } });
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await server.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  it('embeds everything again, in vectors of the new model’s length', async () => {
    const user = await createUser(server.database.db, { name: 'Fay' });
    const cookie = await createSessionToken(server.database.db, user.id);
    await call(server.url, '/api/note/save', { json: { note: { name: 'Bike', content: 'Oil the chain.' } }, cookie });
    await expect
      .poll(async () => (await call(server.url, '/api/search/status', { cookie })).data, { timeout: 15_000 })
      .toEqual({ semantic: 'ready' });
    expect(await rows(sql`select model, dimensions from semantic_model`)).toEqual([
      { model: FAKE_EMBEDDING_MODEL, dimensions: FAKE_DIMENSIONS },
    ]);
    // The server started again with another model: what the first one made is dropped and made again.
    semanticIndexOf(server.database.db)!.close();
    const log = { info: () => {}, warn: () => {} };
    const next = new SemanticIndex(
      server.database.db,
      async (texts) => texts.map((text) => fakeEmbedding(text, 16)),
      'other',
      log,
    );
    await next.start();
    expect(await rows(sql`select to_regclass('passage_vectors') as "table"`)).toEqual([{ table: null }]);
    const running = next.run();
    await expect
      .poll(
        () =>
          rows<{ left: number }>(sql`select count(*)::int as "left" from passages p
        where not exists (select 1 from passage_vectors v where v.passage_id = p.id)`),
        { timeout: 15_000 },
      )
      .toEqual([{ left: 0 }]);
    next.close();
    await running;
    expect(await rows(sql`select model, dimensions from semantic_model`)).toEqual([{ model: 'other', dimensions: 16 }]);
    expect(await rows(sql`select vector_dims(embedding) as dims from passage_vectors limit 1`)).toEqual([{ dims: 16 }]);
  });
});
