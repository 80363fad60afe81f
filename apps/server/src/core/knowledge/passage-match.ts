import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from './trigram-match';

/**
 * How passages are matched and ranked: PostgreSQL's full-text search (`with` the query, matched on `search`), or a
 * query's trigram terms (decision 044) counted with `ilike`, which pg_trgm's index serves.
 */
export interface PassageMatch {
  with: SQL;
  where: SQL;
  rank: SQL;
}

export function wordMatch(websearch: string): PassageMatch {
  return {
    with: sql`with wanted as (select websearch_to_tsquery('english', ${websearch}) as query)`,
    where: sql`p.search @@ (select query from wanted)`,
    rank: sql`ts_rank_cd(p.search, (select query from wanted))`,
  };
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
  return { with: sql``, where: sql`(${any}) and (${hits}) >= ${atLeast}`, rank: sql`(${hits})` };
}
