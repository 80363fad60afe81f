import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import type { SearchResponse } from '@turtle/shared/search';
import { createSessionToken, createUser } from './support/factories';
import { FAKE_EMBEDDING_MODEL } from './support/fake-embeddings';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/048-semantic-search.md: a PostgreSQL without pgvector (Debian's, this project's CI) serves keyword
// search with EMBEDDING_MODEL set, says once at start that semantic search is off, and makes no vector table. Only
// on PostgreSQL: PGlite has the extension (semantic-search.test.ts).
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('semantic search on a PostgreSQL without pgvector', () => {
  const lines: string[] = [];
  const server = useTestServer({
    fakeLlm: true,
    env: { EMBEDDING_MODEL: FAKE_EMBEDDING_MODEL, LOG_LEVEL: 'info' },
    logDestination: { write: (line) => void lines.push(line) },
  });

  it('says once that it is off, and answers by keywords', async () => {
    const db = server.database.db;
    const has = (await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`)) as unknown as {
      rows: unknown[];
    };
    expect(has.rows, 'this PostgreSQL has pgvector: the test is for one without').toEqual([]);
    const off = lines.filter((line) => line.includes('semantic search is off'));
    expect(off).toHaveLength(1);
    expect(JSON.parse(off[0]!).msg).toBe(
      'search: semantic search is off: this PostgreSQL has no vector extension (pgvector); serving keyword search',
    );

    const cookie = await createSessionToken(db, (await createUser(db, { name: 'Gus' })).id);
    const res = await call(server.url, '/api/note/save', {
      json: { note: { name: 'Garage', content: 'The automobile needs new tyres.' } },
      cookie,
    });
    const note = (res.data as { savedNote: Note }).savedNote;
    const found = (await call(server.url, '/api/search?q=tyres', { cookie })).data as SearchResponse;
    expect(found).toMatchObject({ semantic: 'off', results: [{ sourceId: note.id }] });
    expect((await call(server.url, '/api/search/status', { cookie })).data).toEqual({ semantic: 'off' });
    const table = (await db.execute(sql`select to_regclass('passage_vectors') as "table"`)) as unknown as {
      rows: { table: string | null }[];
    };
    expect(table.rows).toEqual([{ table: null }]);
    expect(server.fakeLlm.embeddingRequests).toEqual([]);
  });
});
