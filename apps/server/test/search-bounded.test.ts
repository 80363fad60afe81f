import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { CANDIDATES_PER_WORD } from '../src/core/knowledge/passage-match';
import { indexSources, retrievePassages, searchPassages } from '../src/core/knowledge/passages.repository';
import { createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

// docs/decisions/048-semantic-search.md, "Bounded ranking": only each word's first passages are ranked, so a word in
// most passages costs little; a passage holding a rarer word of the query is still always found.
const server = useTestServer();

/** A person with more passages holding "market" than the ranking reads of one word, and one note on a rare word. */
async function crowded() {
  const db = server.database.db;
  const user = await createUser(db, { name: 'Crowded' });
  const common = Array.from({ length: CANDIDATES_PER_WORD + 50 }, (_, i) => ({
    sourceId: randomUUID(),
    title: `Day ${i}`,
    text: `The market was busy, note ${i}.`,
  }));
  const rare = { sourceId: randomUUID(), title: 'Saffron', text: 'Saffron at the market costs more than gold.' };
  const mail = { sourceId: randomUUID(), title: 'Contact', text: 'Write to grocer@example.com about the market.' };
  await indexSources(db, user.id, 'note', [...common, rare, mail], Date.now());
  return { db, userId: user.id, rare, mail };
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/**
 * The rows `work`'s statements read out of the passages table, from EXPLAIN ANALYZE of each: the rows that reach the
 * ranking, whatever plan the engine chose, and no timing.
 */
async function rowsReadFromPassages(db: Db, work: (db: Db) => Promise<unknown>): Promise<number> {
  let read = 0;
  const count = (node: PlanNode) => {
    if (node['Relation Name'] === 'passages') read += node['Actual Rows'] * node['Actual Loops'];
    node.Plans?.forEach(count);
  };
  const explained = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        const plan = await target.execute(sql`explain (analyze, format json) ${query}`);
        const [row] = (plan as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }).rows;
        count(row!['QUERY PLAN'][0].Plan);
        return target.execute(query);
      };
    },
  });
  await work(explained);
  return read;
}

describe('ranking bounded to each word’s candidates', () => {
  it('finds the passage of a rare word with a word in most passages, in the search box and the chat', async () => {
    const { db, userId, rare } = await crowded();
    const searched = await searchPassages(db, userId, 'market saffron');
    expect(searched.map((result) => result.sourceId)).toEqual([rare.sourceId]);
    // The chat's any-word question: the rare word's passage first, the frequent word's after it.
    const retrieved = await retrievePassages(db, userId, 'What did the market say about saffron?', {
      limit: 5,
      perSource: 1,
    });
    expect(retrieved[0]!.sourceId).toBe(rare.sourceId);
    expect(retrieved).toHaveLength(5);
  });

  it('still finds passages of a word in most passages, up to the page, and an e-mail address as one word', async () => {
    const { db, userId, mail } = await crowded();
    expect(await searchPassages(db, userId, 'market', { limit: 10 })).toHaveLength(10);
    const found = await searchPassages(db, userId, 'grocer@example.com');
    expect(found.map((result) => result.sourceId)).toEqual([mail.sourceId]);
  });

  it('leaves a query of only excluded words unbounded: it finds what lacks them', async () => {
    const { db, userId, rare, mail } = await crowded();
    const found = await searchPassages(db, userId, 'gold -busy');
    expect(found.map((result) => result.sourceId)).toEqual([rare.sourceId]);
    const without = await searchPassages(db, userId, '-busy', { limit: 50 });
    expect(without.map((result) => result.sourceId).sort()).toEqual([rare.sourceId, mail.sourceId].sort());
  });

  it('reads from the table only the candidates, not every passage of a frequent word', async () => {
    const { db, userId } = await crowded();
    // All of the query's words: only the passages that hold them all (here one).
    expect(await rowsReadFromPassages(db, (explained) => searchPassages(explained, userId, 'market saffron'))).toBe(1);
    // One frequent word: its first candidates, not its 352 passages.
    const oneWord = await rowsReadFromPassages(db, (explained) => searchPassages(explained, userId, 'market'));
    expect(oneWord).toBe(CANDIDATES_PER_WORD);
    // Any word of a question: each word's candidates ("market": the first of them, "saffron": its one passage).
    const question = await rowsReadFromPassages(db, (explained) =>
      retrievePassages(explained, userId, 'What did the market say about saffron?', { limit: 5, perSource: 1 }),
    );
    expect(question).toBeLessThanOrEqual(CANDIDATES_PER_WORD + 1);
  });
});

interface BufferNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: BufferNode[];
}

// docs/decisions/048-semantic-search.md, "GIN's pending list": a word's scan of the full-text index reads the index,
// not a list of every recent write's words (PGlite never vacuums it away). Pages counted, no timing.
describe('the full-text index without a pending list', () => {
  it('reads a few pages of the index for a word, however many passages were just written', async () => {
    const db = server.database.db;
    const user = await createUser(db, { name: 'Prolific' });
    const sources = Array.from({ length: 300 }, (_, i) => ({
      sourceId: randomUUID(),
      title: `Entry ${i}`,
      text: Array.from({ length: 40 }, (_, j) => `word${(i * 37 + j * 101) % 5000}x`).join(' '),
    }));
    await indexSources(db, user.id, 'note', sources, Date.now());
    // The index's scan, whichever plan the engine would rather choose for so few passages.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain (analyze, buffers, format json) select count(*) from passages where search @@ plainto_tsquery('english', 'nowherefound')`,
      );
    });
    const [row] = (plan as unknown as { rows: { 'QUERY PLAN': [{ Plan: BufferNode }] }[] }).rows;
    const scans: BufferNode[] = [];
    const find = (node: BufferNode) => {
      if (node['Index Name'] === 'passages_search_idx') scans.push(node);
      node.Plans?.forEach(find);
    };
    find(row!['QUERY PLAN'][0].Plan);
    expect(scans).toHaveLength(1);
    // The metapage and the path down the index's tree; with a pending list, every page of it besides (here dozens).
    expect(scans[0]!['Shared Hit Blocks'] + scans[0]!['Shared Read Blocks']).toBeLessThanOrEqual(6);
  });
});
