import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PassageKind, SearchResult } from '@turtle/shared/search';
import { SEARCH_RESULTS_MAX } from '@turtle/shared/search';
import type { DbOrTx } from '../../db/database';
import { passages } from './knowledge.tables';
import { splitIntoPassages } from './split-passages';
import { trigramMatch, wordMatch, type PassageMatch } from './passage-match';
import { needsTrigrams, trigramHeadline, trigramTerms } from './trigram-match';
import type { ReadFilter } from './source-groups';
import { rankedPassages, type PassagePlace, type ReadScope } from './ranked-passages';
import { passagesWritten } from './passage-writes';
import { semanticIndexOf, type SemanticUse } from './semantic-index';

export type { PassagePlace, ReadScope } from './ranked-passages';

export interface IndexedSource {
  userId: string;
  kind: PassageKind;
  sourceId: string;
  /** What holds the source: a chat message's conversation. */
  parentId?: string;
  /** The title kept with each passage; a chat message keeps none: its conversation's title is read with it. */
  title: string;
  text: string;
}

/** Rows a statement inserts at most: a 1 MB note is about a thousand passages. */
const INSERT_BATCH = 200;

/**
 * The source's passages, replacing what the index held of it. Call it in the transaction that writes the source, so
 * the index never shows a version that was not saved (docs/decisions/036-one-index.md).
 */
export async function indexSource(db: DbOrTx, source: IndexedSource, now: number): Promise<void> {
  await indexSources(db, source.userId, source.kind, [source], now);
}

/**
 * Several sources of one owner and kind at once (an import's batch of cards, decision 044): one delete of what the
 * index held of them, then their passages in inserts of at most `INSERT_BATCH` rows.
 */
export async function indexSources(
  db: DbOrTx,
  userId: string,
  kind: PassageKind,
  sources: Omit<IndexedSource, 'userId' | 'kind'>[],
  now: number,
): Promise<void> {
  if (sources.length === 0) return;
  await db.delete(passages).where(
    and(
      eq(passages.userId, userId),
      eq(passages.kind, kind),
      inArray(
        passages.sourceId,
        sources.map((source) => source.sourceId),
      ),
    ),
  );
  const rows = sources.flatMap((source) => {
    const place = { userId, kind, sourceId: source.sourceId, parentId: source.parentId ?? null, title: source.title };
    const bodies = splitIntoPassages(source.text);
    // An empty source still has one row: its title is found by its words, and the source reads as indexed.
    if (bodies.length === 0) bodies.push('');
    return bodies.map((body, position) => ({ ...place, id: randomUUID(), position, body, updatedAt: now }));
  });
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db.insert(passages).values(rows.slice(start, start + INSERT_BATCH));
  }
  passagesWritten();
}

export async function removeSource(db: DbOrTx, userId: string, kind: PassageKind, sourceId: string): Promise<void> {
  await db
    .delete(passages)
    .where(and(eq(passages.userId, userId), eq(passages.kind, kind), eq(passages.sourceId, sourceId)));
}

/** Every passage of the sources `parentId` holds: a deleted conversation's messages. */
export async function removeSourcesOf(db: DbOrTx, userId: string, kind: PassageKind, parentId: string): Promise<void> {
  await db
    .delete(passages)
    .where(and(eq(passages.userId, userId), eq(passages.kind, kind), eq(passages.parentId, parentId)));
}

// Marks around each matched word in ts_headline's answer; taken out of the text first, so they are only ours.
const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15, MaxFragments=1`;

/** The snippet without its marks, and where each marked word was. */
export function readHeadline(headline: string): Pick<SearchResult, 'snippet' | 'highlights'> {
  const highlights: [number, number][] = [];
  let snippet = '';
  let from = 0;
  for (;;) {
    const start = headline.indexOf(START, from);
    const stop = start < 0 ? -1 : headline.indexOf(STOP, start);
    if (stop < 0) break;
    snippet += headline.slice(from, start);
    highlights.push([snippet.length, stop - start - 1]);
    snippet += headline.slice(start + 1, stop);
    from = stop + 1;
  }
  snippet += headline.slice(from);
  return { snippet: snippet.replaceAll(START, '').replaceAll(STOP, ''), highlights };
}

/** A question with no word to match: only its vector can find passages. */
const NO_WORDS: PassageMatch = { where: sql`false`, rank: sql`0` };

/** The question's vector when semantic search is on (docs/decisions/048-semantic-search.md), and whether it was. */
async function questionVector(db: DbOrTx, question: string): Promise<{ vector?: string; semantic: SemanticUse }> {
  return (await semanticIndexOf(db)?.questionVector(question)) ?? { semantic: 'off' };
}

/**
 * `searchPassages` with semantic search when it is on: keyword and nearest passages merged by reciprocal rank
 * fusion, and whether the vectors were read (`unavailable`: the model failed, keyword results only).
 */
export async function searchWithSemantic(
  db: DbOrTx,
  userId: string,
  query: string,
  options: { kind?: PassageKind; limit?: number } & ReadScope = {},
): Promise<{ results: SearchResult[]; semantic: SemanticUse }> {
  const { vector, semantic } = await questionVector(db, query);
  return { results: await searchPassages(db, userId, query, { ...options, vector }), semantic };
}

/**
 * The owner's passages that match `query` (web-search syntax: words, "a phrase", -without, or), best first; a query
 * in a script without word breaks, by its trigrams, at least half of them in a passage (decision 044). The owner
 * filter is inside the one query: no other person's passage is ever read.
 */
export async function searchPassages(
  db: DbOrTx,
  userId: string,
  query: string,
  options: { kind?: PassageKind; limit?: number; vector?: string } & ReadScope = {},
): Promise<SearchResult[]> {
  const rank = {
    kind: options.kind,
    limit: Math.min(options.limit ?? SEARCH_RESULTS_MAX, SEARCH_RESULTS_MAX),
    lessons: options.lessons,
    vector: options.vector,
  };
  if (needsTrigrams(query)) {
    const terms = trigramTerms(query);
    const rows = await rankedPassages<{ body: string }>(
      db,
      userId,
      trigramMatch(terms, Math.ceil(terms.length / 2)),
      sql`p.body`,
      rank,
    );
    return rows.map(({ body, ...row }) => ({ ...row, ...trigramHeadline(body, terms) }));
  }
  const rows = await rankedPassages<{ headline: string }>(
    db,
    userId,
    wordMatch(query),
    sql`ts_headline('english', translate(p.body, ${START + STOP}, ''), (select query from wanted), ${HEADLINE_OPTIONS}) as headline`,
    rank,
  );
  return rows.map(({ headline, ...row }) => ({ ...row, ...readHeadline(headline) }));
}

export interface RetrievedPassage extends PassagePlace {
  body: string;
}

/** Words of a question that can match, as `websearch_to_tsquery` reads them: letters and digits only. */
const QUESTION_WORDS_MAX = 32;
const ALTERNATIVES = new Set(['or', 'and']);

/**
 * The owner's passages that best answer `question`, for the assistant (docs/decisions/036-one-index.md): any of its
 * words (or, in a script without word breaks, its trigrams: decision 044) may match (a question has words its answer
 * lacks), more matches rank higher, at most `perSource` passages of one source, only of the kinds and parents
 * `filter` names (the chat's scope). Empty when nothing matches. With semantic search on, the nearest passages
 * join by reciprocal rank fusion (docs/decisions/048-semantic-search.md).
 */
export async function retrievePassages(
  db: DbOrTx,
  userId: string,
  question: string,
  options: RetrieveOptions,
): Promise<RetrievedPassage[]> {
  return (await retrieveWithSemantic(db, userId, question, options)).passages;
}

type RetrieveOptions = { limit: number; perSource: number; exceptParent?: string } & ReadScope & ReadFilter;

/** `retrievePassages`, saying whether the vectors were read (`unavailable`: the model failed, keyword only). */
export async function retrieveWithSemantic(
  db: DbOrTx,
  userId: string,
  question: string,
  { limit, perSource, exceptParent, lessons, ...filter }: RetrieveOptions,
): Promise<{ passages: RetrievedPassage[]; semantic: SemanticUse }> {
  const { vector, semantic } = await questionVector(db, question);
  let match: PassageMatch = NO_WORDS;
  if (needsTrigrams(question)) {
    const terms = trigramTerms(question);
    if (terms.length > 0) match = trigramMatch(terms, 1);
  } else {
    const words = [
      ...new Set((question.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).filter((word) => !ALTERNATIVES.has(word))),
    ].slice(0, QUESTION_WORDS_MAX);
    if (words.length > 0) match = wordMatch(words.join(' or '));
  }
  if (match === NO_WORDS && vector === undefined) return { passages: [], semantic };
  const rows = await rankedPassages<{ body: string }>(db, userId, match, sql`p.body`, {
    limit: limit * perSource,
    exceptParent,
    lessons,
    vector,
    ...filter,
  });
  // A past chat counts as one source: its messages do not crowd out the rest.
  const perSourceCount = new Map<string, number>();
  const chosen: RetrievedPassage[] = [];
  for (const row of rows) {
    const source = row.kind === 'chat' && row.parentId !== undefined ? row.parentId : row.sourceId;
    const seen = perSourceCount.get(source) ?? 0;
    if (seen >= perSource || chosen.length >= limit) continue;
    perSourceCount.set(source, seen + 1);
    chosen.push(row);
  }
  return { passages: chosen, semantic };
}
