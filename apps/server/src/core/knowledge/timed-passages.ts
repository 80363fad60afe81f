import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PassageKind } from '@turtle/shared/search';
import type { DbOrTx } from '../../db/database';
import { passages } from './knowledge.tables';
import { passagesWritten } from './passage-writes';
import { removeSource } from './passages.repository';

/** One person's source already cut into passages, each with the moment it starts (a lesson of their own). */
export interface TimedSource {
  userId: string;
  kind: PassageKind;
  sourceId: string;
  title: string;
  passages: { body: string; startMs: number }[];
}

/**
 * The source's passages with their starts, replacing what the index held of it, so a result opens the lesson at the
 * words it matched (docs/decisions/046-own-lessons.md). Call it in the transaction that writes the source.
 */
export async function indexTimedSource(db: DbOrTx, source: TimedSource, now: number): Promise<void> {
  await removeSource(db, source.userId, source.kind, source.sourceId);
  const rows = source.passages.map((passage, position) => ({
    id: randomUUID(),
    userId: source.userId,
    kind: source.kind,
    sourceId: source.sourceId,
    position,
    title: source.title,
    body: passage.body,
    startMs: passage.startMs,
    updatedAt: now,
  }));
  for (let start = 0; start < rows.length; start += 200)
    await db.insert(passages).values(rows.slice(start, start + 200));
  passagesWritten();
}

/** A source renamed: its passages carry the new title (their text and places stay). */
export async function retitleSource(db: DbOrTx, userId: string, kind: PassageKind, sourceId: string, title: string) {
  await db
    .update(passages)
    .set({ title })
    .where(and(eq(passages.userId, userId), eq(passages.kind, kind), eq(passages.sourceId, sourceId)));
}
