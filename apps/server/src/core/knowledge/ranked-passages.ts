import { sql, type SQL } from 'drizzle-orm';
import type { PassageKind } from '@turtle/shared/search';
import type { DbOrTx } from '../../db/database';
import { conversations } from '../conversations/conversations.tables';
import { passages } from './knowledge.tables';
import type { PassageMatch } from './passage-match';
import type { ReadFilter } from './source-groups';

export interface ReadScope {
  /** The lessons the reader can open: their shared passages are read with the reader's own (decision 039). */
  lessons?: readonly string[];
}

export interface RankOptions extends ReadScope, ReadFilter {
  kind?: PassageKind;
  limit: number;
  /** Leave out the sources this holds: the conversation a reply is being written in. */
  exceptParent?: string;
  /** The question's vector (pgvector's text): keyword and nearest passages merged by reciprocal rank fusion. */
  vector?: string;
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

/** Reciprocal rank fusion's constant: a passage scores 1/(60 + its rank) in each list (Cormack et al.). */
export const RRF_K = 60;
/** Each list's length before fusion. */
const CANDIDATES_MIN = 40;
/**
 * The nearest passages count only this close (cosine distance: 0 the same direction, 1 unrelated): without a
 * floor, a question about anything would bring the nearest passages of whatever there is. Loose, as models differ:
 * a one-word question and a passage of a few sentences on it are often no nearer than 0.7.
 */
export const VECTOR_MAX_DISTANCE = 0.75;

/**
 * The owner's passages that `match` finds (and, given a `vector`, the nearest ones, merged by reciprocal rank
 * fusion: docs/decisions/048-semantic-search.md), best first: each with its source, its place in it and `columns`.
 * The one place passages are read for a person: the owner filter is inside the query, in both lists.
 */
export async function rankedPassages<Row>(
  db: DbOrTx,
  userId: string,
  match: PassageMatch,
  columns: SQL,
  options: RankOptions,
): Promise<(Row & PassagePlace)[]> {
  const select = sql`select p.kind, p.source_id as "sourceId", coalesce(c.title, p.title) as title, p.position,
      p.parent_id as "parentId", p.start_ms as "startMs", ${columns}`;
  const chatTitle = sql`left join ${conversations} c on p.kind = 'chat' and c.id = p.parent_id and c.user_id = p.user_id`;
  const order = sql`${match.rank} desc, p.updated_at desc, p.position`;
  let rows: (Row & RawPlace)[];
  const where = sql`${readable(userId, options)} and ${match.where}`;
  const keyword = keywordPassages(match, readable(userId, options));
  if (options.vector === undefined) {
    const result = await db.execute(sql`
      ${match.with ? sql`with ${match.with}` : sql``}
      ${select} from ${keyword} ${chatTitle}
      where ${where}
      order by ${order}
      limit ${options.limit}`);
    rows = (result as unknown as { rows: (Row & RawPlace)[] }).rows;
  } else {
    const candidates = Math.max(CANDIDATES_MIN, options.limit * 2);
    const query = sql.join(
      [
        match.with,
        sql`words as (
        select p.id, row_number() over (order by ${order}) as r from ${keyword}
        where ${where}
        order by ${order} limit ${candidates})`,
        sql`nearest as (
        select p.id, v.embedding <=> ${options.vector}::vector as distance
        from passage_vectors v join ${passages} p on p.id = v.passage_id
        where ${readable(userId, options)}
        order by v.embedding <=> ${options.vector}::vector limit ${candidates})`,
        sql`near as (
        select id, row_number() over (order by distance) as r from nearest where distance <= ${VECTOR_MAX_DISTANCE})`,
        sql`fused as (
        select id, sum(1.0 / (${RRF_K} + r)) as score
        from (select id, r from words union all select id, r from near) lists group by id)`,
      ].filter((part): part is SQL => part !== undefined),
      sql`, `,
    );
    // pgvector's HNSW scan goes on past its first candidates until enough of them are the reader's.
    rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
      const result = await tx.execute(sql`
        with ${query}
        ${select} from fused f join ${passages} p on p.id = f.id ${chatTitle}
        order by f.score desc, p.updated_at desc, p.position
        limit ${options.limit}`);
      return (result as unknown as { rows: (Row & RawPlace)[] }).rows;
    });
  }
  return rows.map(({ parentId, startMs, ...row }) => ({
    ...(row as unknown as Row & PassagePlace),
    ...(parentId === null ? {} : { parentId }),
    ...(startMs === null ? {} : { startMs }),
  }));
}

/**
 * The passages the keyword match reads, as `p`: only its candidates when it has them
 * (docs/decisions/048-semantic-search.md, "Bounded ranking"), else the table.
 */
function keywordPassages(match: PassageMatch, readableRows: SQL): SQL {
  return match.candidates ? sql`(${match.candidates(readableRows)}) p` : sql`${passages} p`;
}

/** The owner filter and the reader's narrowing, for `p`. */
function readable(userId: string, { kind, kinds, parents, exceptParent, lessons = [] }: RankOptions): SQL {
  return sql`(p.user_id = ${userId}${sharedLessons(lessons)})
      ${kind ? sql`and p.kind = ${kind}` : sql``}
      ${kinds ? sql`and p.kind in (${inList(kinds)})` : sql``}
      ${parents ? sql`and p.parent_id in (${inList(parents)})` : sql``}
      ${exceptParent ? sql`and p.parent_id is distinct from ${exceptParent}` : sql``}`;
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
