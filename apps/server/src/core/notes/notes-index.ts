import { and, asc, isNull, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passages } from '../knowledge/knowledge.tables';
import { indexSource } from '../knowledge/passages.repository';
import { notes } from './notes.tables';
import { indexInBatches } from '../knowledge/in-batches';
import { stillWithoutPassages, withoutPassages } from '../knowledge/unindexed';

const BATCH = 50;

const notIndexed = withoutPassages('note', notes.id);

/**
 * Notes written before the index existed get their passages, a batch at a time, each batch in a transaction that
 * locks its notes' rows first: a save of the same note (whose UPDATE takes that lock) waits, or is waited for, so a
 * note is never indexed twice. Returns how many notes were indexed. Safe to run in several processes at once.
 */
export function indexNotesLeftOut(db: Db, shouldStop: () => boolean = () => false): Promise<number> {
  return indexInBatches(db, shouldStop, async (tx) => {
    const batch = await tx
      .select()
      .from(notes)
      .where(and(isNull(notes.deletedAt), notIndexed))
      .orderBy(asc(notes.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (batch.length === 0) return 0;
    // Locked now: read again, since another process may have indexed them before the lock was ours.
    const left = await stillWithoutPassages(
      tx,
      'note',
      notes.id,
      batch.map((note) => note.id),
    );
    for (const note of batch) {
      if (!left.has(note.id)) continue;
      await indexSource(
        tx,
        { userId: note.userId, kind: 'note', sourceId: note.id, title: note.name, text: note.content },
        note.updatedAt,
      );
    }
    return batch.length;
  });
}

/** Whether a note has its passages (for tests and the start-up line). */
export async function isNoteIndexed(db: Db, noteId: string): Promise<boolean> {
  const rows = await db
    .select({ id: passages.id })
    .from(passages)
    .where(and(eq(passages.kind, 'note'), eq(passages.sourceId, noteId)))
    .limit(1);
  return rows.length > 0;
}
