import { and, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database';
import { passages } from './knowledge.tables';

/** "This source has no passages of this kind yet": what the passes over material written before the index look for. */
export function withoutPassages(kind: string, sourceId: AnyPgColumn): SQL {
  return notExists(
    sql`(select 1 from ${passages} where ${passages.kind} = ${kind} and ${passages.sourceId} = ${sourceId})`,
  );
}

/**
 * Of the rows a pass has just locked (`for update skip locked`), the ids still without passages: another process
 * may have indexed them between the pass's read and its lock (decision 036), so each pass reads again before it
 * writes.
 */
export async function stillWithoutPassages(
  tx: Tx,
  kind: string,
  sourceId: AnyPgColumn,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: sourceId })
    .from(sourceId.table)
    .where(and(inArray(sourceId, ids), withoutPassages(kind, sourceId)));
  return new Set(rows.map((row) => String(row.id)));
}
