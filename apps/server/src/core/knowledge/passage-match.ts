import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from './trigram-match';

/**
 * How passages are matched and ranked: PostgreSQL's full-text search (`with` the query, matched on `search`), or a
 * query's trigram terms (decision 044) counted with `ilike`, which pg_trgm's index serves.
 */
export interface PassageMatch {
  /** A common table expression the match reads (`wanted as (…)`), if any. */
  with?: SQL;
  where: SQL;
  rank: SQL;
  /**
   * The only passages ranked, whole rows, for the reader's filter on `p` (docs/decisions/048-semantic-search.md,
   * "Bounded ranking"); without it, every passage that matches.
   */
  candidates?: (readable: SQL) => SQL;
}

/**
 * The passages the ranking reads at most for each word of an any-word query, or for a query whose words must all be
 * there. A word in fewer passages brings them all, so a passage that holds a rare word of the query is always ranked;
 * a word in most passages (which ranks nothing apart) brings only this many.
 */
export const CANDIDATES_PER_WORD = 100;
/** Words of a query read as candidates at most; the rest still count in the match and the rank. */
const CANDIDATE_WORDS_MAX = 32;

/**
 * What a web-search query's passages must hold, as candidates: each whitespace-separated piece not marked `-` (without
 * its quotes), read by the same parser as the passages (an e-mail address or `e-mail` stays one). Undefined when no
 * piece is wanted (a query of only `-word`s): then nothing bounds the ranking.
 */
export function queryWords(query: string): string[] | undefined {
  const pieces = query
    .replaceAll('"', ' ')
    .split(/\s+/)
    .filter((piece) => piece !== '' && !piece.startsWith('-') && piece.toLowerCase() !== 'or')
    .map((piece) => piece.toLowerCase());
  const words = [...new Set(pieces)].slice(0, CANDIDATE_WORDS_MAX);
  return words.length > 0 ? words : undefined;
}

/** Whether a web-search query has alternatives (`a or b`): then a passage need not hold all of its words. */
const hasAlternatives = (query: string) => query.split(/\s+/).some((piece) => piece.toLowerCase() === 'or');

/**
 * Passages matching `websearch` (web-search syntax). With alternatives, ranked among each word's candidates: one scan
 * per word, so a frequent word does not crowd out a rare one. Without, every match holds every word, so the candidates
 * are the first matches of the whole query, which the GIN index finds through its rarest word.
 */
export function wordMatch(websearch: string): PassageMatch {
  const words = queryWords(websearch);
  let candidates: PassageMatch['candidates'];
  if (words && hasAlternatives(websearch)) candidates = (readable) => wordCandidates(words, readable);
  else if (words) candidates = (readable) => queryCandidates(websearch, readable);
  return {
    with: sql`wanted as (select websearch_to_tsquery('english', ${websearch}) as query)`,
    where: sql`p.search @@ (select query from wanted)`,
    rank: sql`ts_rank_cd(p.search, (select query from wanted))`,
    ...(candidates ? { candidates } : {}),
  };
}

/**
 * The candidate passages of `words`, each once: one scan per word, each stopped at `perWord` rows. A stop word (its
 * tsquery empty) brings none. The ranking reads these rows and no others: matching the query on the table as well
 * read every passage of a frequent word from the table only to join it away.
 */
export function wordCandidates(words: string[], readable: SQL, perWord = CANDIDATES_PER_WORD): SQL {
  const scans = words.map(
    (word) =>
      sql`(select p.* from passages p where ${readable} and p.search @@ plainto_tsquery('english', ${word}) limit ${perWord})`,
  );
  return sql`select distinct on (id) * from (${sql.join(scans, sql` union all `)}) candidates`;
}

/**
 * The first `count` passages matching the whole of `websearch`. The query is written out, not read from `wanted`, so
 * the planner sees its words and chooses the index for a rare one.
 */
function queryCandidates(websearch: string, readable: SQL, count = CANDIDATES_PER_WORD): SQL {
  return sql`select p.* from passages p where ${readable} and p.search @@ websearch_to_tsquery('english', ${websearch}) limit ${count}`;
}

/** Passages holding at least `atLeast` of `terms`, more first. The expression is the trigram index's. */
export function trigramMatch(terms: string[], atLeast: number): PassageMatch {
  const patterns = terms.map(containsPattern);
  const hits = sql.join(
    patterns.map((pattern) => sql`(case when (p.title || ' ' || p.body) ilike ${pattern} then 1 else 0 end)`),
    sql` + `,
  );
  const any = sql.join(
    patterns.map((pattern) => sql`(p.title || ' ' || p.body) ilike ${pattern}`),
    sql` or `,
  );
  return { where: sql`(${any}) and (${hits}) >= ${atLeast}`, rank: sql`(${hits})` };
}
