import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LESSON_IDS } from '@turtle/shared/lesson-helpers';
import type { SearchResponse, SearchResult } from '@turtle/shared/search';
import { passages } from '../src/core/knowledge/knowledge.tables';
import { indexSharedSources } from '../src/core/knowledge/shared-passages';
import { call } from './support/http';
import { chunksOf, conversationCalls, message, tokens } from './support/conversations';
import { useTestServer } from './support/use-test-server';

// docs/decisions/039-shared-lesson-passages.md: the lessons' transcripts are in the index once, for everybody who
// can open them, as passages of a few sentences with their start; search and the chat find them.
const server = useTestServer({ fakeLlm: true });
const { member, send } = conversationCalls(server);
beforeEach(() => {
  server.fakeLlm.script = { tokens: tokens(2) };
});

const found = async (cookie: string, q: string, kind = ''): Promise<SearchResult[]> => {
  const res = await call(server.url, `/api/search?q=${encodeURIComponent(q)}${kind}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return (res.data as SearchResponse).results;
};
/**
 * The series' lesson passages. On the PostgreSQL pass the database is shared with other files, whose learners' own
 * lessons (docs/decisions/046-own-lessons.md) are passages of kind lesson too, each with its owner.
 */
const lessonRows = () =>
  server.database.db
    .select()
    .from(passages)
    .where(and(eq(passages.kind, 'lesson'), inArray(passages.sourceId, [...LESSON_IDS])));

describe('lesson transcripts in the index', () => {
  it('finds a lesson moment by its words, the same for two people, from one shared copy', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const results = await found(alice.cookie, 'inflation prices rise', '&kind=lesson');
    expect(results.length).toBeGreaterThan(0);
    const first = results[0]!;
    expect(first).toMatchObject({ kind: 'lesson', sourceId: '1', title: expect.any(String) });
    expect(first.startMs).toBeGreaterThan(0);
    expect(first.snippet.toLowerCase()).toContain('inflation');
    expect(await found(bob.cookie, 'inflation prices rise', '&kind=lesson')).toEqual(results);
    // One copy for everybody: no row names an owner, and a person's activity adds none.
    const rows = await lessonRows();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((row) => row.userId === null)).toBe(true);
    expect(new Set(rows.map((row) => row.sourceId))).toEqual(new Set(['1', '2', '3']));
  });

  it('writes nothing again at the next start when the transcripts are the same', async () => {
    const before = (await lessonRows()).map((row) => row.id).sort();
    const catalogue = await lessonRows();
    const sources = ['1', '2', '3'].map((sourceId) => {
      const of = catalogue.filter((row) => row.sourceId === sourceId).sort((a, b) => a.position - b.position);
      return {
        kind: 'lesson' as const,
        sourceId,
        title: of[0]!.title,
        passages: of.map((row) => ({ body: row.body, startMs: row.startMs ?? undefined })),
      };
    });
    expect(await indexSharedSources(server.database.db, 'lesson', sources, Date.now())).toBe(0);
    expect((await lessonRows()).map((row) => row.id).sort()).toEqual(before);
  });

  it('never reads a shared passage of a lesson the person cannot open', async () => {
    const { cookie } = await member();
    const { db } = server.database;
    await db.insert(passages).values({
      id: randomUUID(),
      userId: null,
      kind: 'lesson',
      sourceId: '7',
      position: 0,
      title: 'Not ready',
      body: 'The zeppelin dividend.',
      startMs: 0,
      updatedAt: Date.now(),
    });
    expect(await found(cookie, 'zeppelin')).toEqual([]);
    await db.delete(passages).where(and(isNull(passages.userId), eq(passages.sourceId, '7')));
  });

  it('lets the chat cite a lesson moment as the lesson with its start', async () => {
    const { cookie } = await member();
    const res = await send(cookie, message('Why do prices rise with inflation?'));
    const meta = chunksOf(await res.text())[0]!.meta!;
    const lesson = meta.sources.find((source) => source.kind === 'lesson');
    expect(lesson).toMatchObject({ id: '1', kind: 'lesson', citation: expect.any(Number) });
    expect(lesson!.startMs).toBeGreaterThan(0);
    const quoted = server.fakeLlm.requests.at(-1)!.body.messages[1]!.content;
    expect(quoted).toMatch(/<passage cite="\d" lesson="[^"]+" at="\d\d:\d\d">/);
  });
});
