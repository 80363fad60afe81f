import { sql, type SQL } from 'drizzle-orm';
import type { PassageKind } from '@turtle/shared/search';
import type { DbOrTx } from '../../db/database';
import { conversations } from '../conversations/conversations.tables';
import { passages } from './knowledge.tables';
import type { ReadScope } from './ranked-passages';

/** Which passage of which source: as a reply's source or a search result names it. */
export interface PassageRef {
  of: PassageKind;
  sourceId: string;
  /** A passage's order in its source (a note's passage); absent: the whole source (a chat message, a card). */
  position?: number;
  /** A lesson's moment: the passage playing then. */
  ms?: number;
}

/** One passage (or a message's or card's passages together) read for making cards, with where it is. */
export interface SourcePassage {
  kind: PassageKind;
  sourceId: string;
  title: string;
  position: number;
  parentId?: string;
  startMs?: number;
  text: string;
}

/** A chat message or a card is at most this many passages of the index (far more than either has). */
const WHOLE_SOURCE_MAX = 40;

interface Row {
  title: string;
  position: number;
  parentId: string | null;
  startMs: number | null;
  body: string;
}

/**
 * The passage a person may read (their own, or a shared lesson they can open, decision 039), or null: another
 * person's is not found, as a missing one (docs/decisions/050-cards-from-a-source.md). The owner filter is in the query.
 */
export async function readSourcePassage(
  db: DbOrTx,
  userId: string,
  ref: PassageRef,
  { lessons = [] }: ReadScope,
): Promise<SourcePassage | null> {
  const shared: SQL =
    lessons.length > 0 && ref.of === 'lesson' && lessons.includes(ref.sourceId) ? sql` or p.user_id is null` : sql``;
  const at = ref.position !== undefined && ref.of !== 'lesson' ? sql`and p.position = ${ref.position}` : sql``;
  const result = await db.execute(sql`
    select coalesce(c.title, p.title) as title, p.position, p.parent_id as "parentId", p.start_ms as "startMs", p.body
    from ${passages} p
    left join ${conversations} c on p.kind = 'chat' and c.id = p.parent_id and c.user_id = p.user_id
    where (p.user_id = ${userId}${shared}) and p.kind = ${ref.of} and p.source_id = ${ref.sourceId} ${at}
    order by p.position
    limit ${ref.of === 'lesson' ? 100_000 : WHOLE_SOURCE_MAX}`);
  let rows = (result as unknown as { rows: Row[] }).rows;
  if (rows.length === 0) return null;
  if (ref.of === 'lesson') {
    // The passage playing at that moment (before the first passage: the first).
    const moment = ref.ms ?? (ref.position === undefined ? 0 : (rows[ref.position]?.startMs ?? 0));
    const playing = rows.filter((row) => (row.startMs ?? 0) <= moment).at(-1) ?? rows[0]!;
    rows = [playing];
  }
  const first = rows[0]!;
  return {
    kind: ref.of,
    sourceId: ref.sourceId,
    title: first.title,
    position: first.position,
    ...(first.parentId === null ? {} : { parentId: first.parentId }),
    ...(first.startMs === null ? {} : { startMs: first.startMs }),
    text: rows.map((row) => row.body).join('\n\n'),
  };
}
