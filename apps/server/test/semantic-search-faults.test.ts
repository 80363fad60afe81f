import { beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import type { SearchResponse, SearchStatus } from '@turtle/shared/search';
import { semanticIndexOf } from '../src/core/knowledge/semantic-index';
import { chunksOf, conversationCalls, message, tokens } from './support/conversations';
import { FAKE_EMBEDDING_MODEL, type FakeEmbeddingsScript } from './support/fake-embeddings';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/048-semantic-search.md: an embedding model that is down, slow, answers HTML or vectors of the wrong
// size leaves keyword results with a visible note in search and in the chat, is asked again later, and loses
// nothing: what was saved meanwhile is embedded once it answers. Vectors need PGlite's pgvector here (the
// PostgreSQL of the tests has none: semantic-search-off.test.ts).
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(onPostgres)('semantic search when the embedding model fails', () => {
  const server = useTestServer({
    fakeLlm: true,
    env: { EMBEDDING_MODEL: FAKE_EMBEDDING_MODEL, EMBEDDING_TIMEOUT_MS: '800' },
  });
  const { member, send } = conversationCalls(server);
  beforeEach(() => {
    server.fakeLlm.script = { tokens: tokens(2) };
    server.fakeLlm.embeddings = {};
    semanticIndexOf(server.database.db)!.retryMs = 0;
  });
  const save = async (cookie: string, note: { name: string; content: string }) =>
    ((await call(server.url, '/api/note/save', { json: { note }, cookie })).data as { savedNote: Note }).savedNote;
  const search = async (cookie: string, q: string) => {
    const res = await call(server.url, `/api/search?q=${encodeURIComponent(q)}&kind=note`, { cookie });
    expect(res.status, res.text).toBe(200);
    return res.data as SearchResponse;
  };
  const status = async (cookie: string) =>
    (await call(server.url, '/api/search/status', { cookie })).data as SearchStatus;

  const faults: [string, FakeEmbeddingsScript][] = [
    ['down', { down: true }],
    ['slow', { hang: true }],
    ['answering an HTML page', { html: true }],
    ['answering vectors of the wrong size', { dimensions: 12 }],
  ];
  for (const [name, fault] of faults) {
    it(`keeps keyword search, says so, retries later and loses nothing when the model is ${name}`, async () => {
      const { cookie } = await member();
      const before = await save(cookie, { name: 'Garage', content: 'The automobile needs new tyres.' });
      await expect.poll(() => status(cookie), { timeout: 15_000, interval: 100 }).toEqual({ semantic: 'ready' });
      expect((await search(cookie, `car ${name}`)).semantic).toBe('on');

      server.fakeLlm.embeddings = fault;
      semanticIndexOf(server.database.db)!.retryMs = 60_000;
      const during = await search(cookie, 'tyres');
      expect(during.semantic).toBe('unavailable');
      expect(during.results.map((result) => result.sourceId)).toEqual([before.id]);
      // Resting: the next search does not wait for the model again.
      const asked = server.fakeLlm.embeddingRequests.length;
      expect((await search(cookie, 'automobile')).semantic).toBe('unavailable');
      expect(server.fakeLlm.embeddingRequests.length).toBe(asked);
      // The chat says its sources were found by their words only.
      const chunks = chunksOf(await (await send(cookie, message(`Which tyres does the automobile need?`))).text());
      expect(chunks[0]!.meta!.semantic).toBe('unavailable');
      expect(chunks[0]!.meta!.sources[0]).toMatchObject({ id: before.id, name: 'Garage' });
      const saved = await save(cookie, { name: 'Bank', content: 'Keep the savings in the index fund.' });
      // The note and the chat's question and reply wait for their vectors; the first note keeps its own.
      expect(await status(cookie)).toEqual({ semantic: 'unavailable', embedded: 1, total: 4 });

      server.fakeLlm.embeddings = {};
      semanticIndexOf(server.database.db)!.retryMs = 0;
      await expect.poll(() => status(cookie), { timeout: 15_000, interval: 100 }).toEqual({ semantic: 'ready' });
      const after = await search(cookie, 'cash');
      expect(after.semantic).toBe('on');
      expect(after.results.map((result) => result.sourceId)).toContain(saved.id);
      const chat = chunksOf(await (await send(cookie, { ...message('Cash?'), scope: { kind: 'note' } })).text());
      expect(chat[0]!.meta!.semantic).toBeUndefined();
      expect(chat[0]!.meta!.sources.map((source) => source.id)).toContain(saved.id);
    });
  }
});
