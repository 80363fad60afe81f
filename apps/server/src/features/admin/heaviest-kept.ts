import { sql } from 'drizzle-orm';
import { DAY_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../../db/database';

/** The console's own periods (its usage page's choices), whose sums by person are kept (migration 0037). */
export const KEPT_PERIODS = [7, 30, 90] as const;

type Top = { through: string | null; people: { userId: string; tokens: number }[] };

/** The window's last day and its first `limit` people by tokens, in one statement, so from one snapshot. */
async function readTop(db: DbOrTx, days: number, limit: number): Promise<Top> {
  const result = await db.execute(sql`
    select w.through::text as through, t.user_id, t.tokens
    from reply_usage_windows w
    left join lateral (
      select p.user_id, p.tokens from reply_usage_person_windows p where p.days = w.days
      order by p.tokens desc, p.user_id collate "C" limit ${limit}
    ) t on true
    where w.days = ${days}`);
  // Both drivers answer `{ rows }` (node-postgres' QueryResult, PGlite's Results).
  const list = (result as unknown as { rows: { through: string; user_id: string | null; tokens: unknown }[] }).rows;
  return {
    through: list[0]?.through ?? null,
    people: list.flatMap((row) => (row.user_id === null ? [] : [{ userId: row.user_id, tokens: Number(row.tokens) }])),
  };
}

/**
 * The first `limit` people by tokens over the last `days` UTC days to today, today included, from the sums kept for
 * the console's periods (decision 037 "The heaviest users, kept by period"), most first and equal tokens by id; or
 * undefined when the period is not one of them (or its window was moved elsewhere meanwhile), for the caller to add
 * up the days. A window still ending on an earlier day is first moved to today, a day's days in and out.
 */
export async function heaviestKept(
  db: DbOrTx,
  sinceDay: string,
  now: number,
  limit: number,
): Promise<{ userId: string; tokens: number }[] | undefined> {
  const today = new Date(now).toISOString().slice(0, 10);
  const days = Math.round((Date.parse(today) - Date.parse(sinceDay)) / DAY_MS) + 1;
  if (!(KEPT_PERIODS as readonly number[]).includes(days)) return undefined;
  let top = await readTop(db, days, limit);
  if (top.through !== today) {
    await db.transaction((tx) => tx.execute(sql`select reply_usage_windows_roll(${days}, ${today}::date)`));
    top = await readTop(db, days, limit);
  }
  return top.through === today ? top.people : undefined;
}
