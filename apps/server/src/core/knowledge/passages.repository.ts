import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PassageKind, SearchResult } from '@turtle/shared/search';
import { SEARCH_RESULTS_MAX } from '@turtle/shared/search';
import type { DbOrTx } from '../../db/database';
import { conversations } from '../conversations/conversations.tables';
import { passages } from './knowledge.tables';
import { splitIntoPassages } from './split-passages';
import { trigramMatch, wordMatch, type PassageMatch } from './passage-match';
import { needsTrigrams, trigramHeadline, trigramTerms } from './trigram-match';
import type { ReadFilter } from './source-groups';

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

/**
 * The owner's passages that `match` finds, best first: each with its source, its place in it and `columns`.
 * The one place passages are read for a person: the owner filter is inside the query.
 */
async function rankedPassages<Row>(
  db: DbOrTx,
  userId: string,
  match: PassageMatch,
  columns: SQL,
  { kind, kinds, parents, limit, exceptParent, lessons = [] }: RankOptions,
): Promise<(Row & PassagePlace)[]> {
  const result = await db.execute(sql`
    ${match.with}
    select p.kind, p.source_id as "sourceId", coalesce(c.title, p.title) as title, p.position,
      p.parent_id as "parentId", p.start_ms as "startMs", ${columns}
    from ${passages} p
      left join ${conversations} c on p.kind = 'chat' and c.id = p.parent_id and c.user_id = p.user_id
    where (p.user_id = ${userId}${sharedLessons(lessons)})
      and ${match.where}
      ${kind ? sql`and p.kind = ${kind}` : sql``}
      ${kinds ? sql`and p.kind in (${inList(kinds)})` : sql``}
      ${parents ? sql`and p.parent_id in (${inList(parents)})` : sql``}
      ${exceptParent ? sql`and p.parent_id is distinct from ${exceptParent}` : sql``}
    order by ${match.rank} desc, p.updated_at desc, p.position
    limit ${limit}`);
  return (result as unknown as { rows: (Row & RawPlace)[] }).rows.map(({ parentId, startMs, ...row }) => ({
    ...(row as unknown as Row & PassagePlace),
    ...(parentId === null ? {} : { parentId }),
    ...(startMs === null ? {} : { startMs }),
  }));
}

/** Values for `in (…)`; an empty list is `null`, which matches nothing. */
function inList(values: readonly string[]): SQL {
  if (values.length === 0) return sql`null`;
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The shared lesson passages (no owner, decision 039) of the lessons the reader may open, or none. */
function sharedLessons(lessons: readonly string[]): SQL {
  if (lessons.length === 0) return sql``;
  return sql` or (p.user_id is null and p.kind = 'lesson' and p.source_id in (${inList(lessons)}))`;
}

export interface ReadScope {
  /** The lessons the reader can open: their shared passages are read with the reader's own (decision 039). */
  lessons?: readonly string[];
}

interface RankOptions extends ReadScope, ReadFilter {
  kind?: PassageKind;
  limit: number;
  /** Leave out the sources this holds: the conversation a reply is being written in. */
  exceptParent?: string;
}

/** Where a passage is: its source, its place there, and (when it has them) what holds it and its start time. */
export interface PassagePlace {
  kind: PassageKind;
  sourceId: string;
  title: string;
  position: number;
  parentId?: string;
  startMs?: number;
}
type RawPlace = { parentId: string | null; startMs: number | null };

/**
 * The owner's passages that match `query` (web-search syntax: words, "a phrase", -without, or), best first; a query
 * in a script without word breaks, by its trigrams, at least half of them in a passage (decision 044). The owner
 * filter is inside the one query: no other person's passage is ever read.
 */
export async function searchPassages(
  db: DbOrTx,
  userId: string,
  query: string,
  options: { kind?: PassageKind; limit?: number } & ReadScope = {},
): Promise<SearchResult[]> {
  const rank = {
    kind: options.kind,
    limit: Math.min(options.limit ?? SEARCH_RESULTS_MAX, SEARCH_RESULTS_MAX),
    lessons: options.lessons,
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
 * `filter` names (the chat's scope). Empty when nothing matches.
 */
export async function retrievePassages(
  db: DbOrTx,
  userId: string,
  question: string,
  {
    limit,
    perSource,
    exceptParent,
    lessons,
    ...filter
  }: { limit: number; perSource: number; exceptParent?: string } & ReadScope & ReadFilter,
): Promise<RetrievedPassage[]> {
  let match: PassageMatch;
  if (needsTrigrams(question)) {
    const terms = trigramTerms(question);
    if (terms.length === 0) return [];
    match = trigramMatch(terms, 1);
  } else {
    const words = [
      ...new Set((question.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).filter((word) => !ALTERNATIVES.has(word))),
    ].slice(0, QUESTION_WORDS_MAX);
    if (words.length === 0) return [];
    match = wordMatch(words.join(' or '));
  }
  const rows = await rankedPassages<{ body: string }>(db, userId, match, sql`p.body`, {
    limit: limit * perSource,
    exceptParent,
    lessons,
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
  return chosen;
}
