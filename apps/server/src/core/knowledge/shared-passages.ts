import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { PassageKind } from '@turtle/shared/search';
import type { Db } from '../../db/database';
import { passages } from './knowledge.tables';
import { passagesWritten } from './passage-writes';

/** A source everyone who can open it shares (a lesson): its passages, each with its start. */
export interface SharedSource {
  kind: PassageKind;
  sourceId: string;
  title: string;
  passages: { body: string; startMs?: number }[];
}

/**
 * The shared sources of one kind as the index holds them (decision 039): passages with no owner, written once for
 * everybody, replaced only when a source's text or title changed, and removed for a source no longer given. One
 * transaction under an advisory lock, so several processes starting at once write them once.
 */
export async function indexSharedSources(db: Db, kind: PassageKind, sources: SharedSource[], now: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`turtle:shared-passages:${kind}`}))`);
    const kept = sources.map((source) => source.sourceId);
    await tx
      .delete(passages)
      .where(
        and(
          isNull(passages.userId),
          eq(passages.kind, kind),
          kept.length > 0 ? notInArray(passages.sourceId, kept) : undefined,
        ),
      );
    let written = 0;
    for (const source of sources) {
      const held = await tx
        .select({ title: passages.title, body: passages.body, startMs: passages.startMs })
        .from(passages)
        .where(and(isNull(passages.userId), eq(passages.kind, kind), eq(passages.sourceId, source.sourceId)))
        .orderBy(asc(passages.position));
      const same =
        held.length === source.passages.length &&
        held.every(
          (row, index) =>
            row.title === source.title &&
            row.body === source.passages[index]!.body &&
            row.startMs === (source.passages[index]!.startMs ?? null),
        );
      if (same) continue;
      await tx
        .delete(passages)
        .where(and(isNull(passages.userId), eq(passages.kind, kind), eq(passages.sourceId, source.sourceId)));
      if (source.passages.length > 0) {
        await tx.insert(passages).values(
          source.passages.map((passage, position) => ({
            id: randomUUID(),
            userId: null,
            kind,
            sourceId: source.sourceId,
            position,
            title: source.title,
            body: passage.body,
            startMs: passage.startMs ?? null,
            updatedAt: now,
          })),
        );
      }
      written += 1;
    }
    if (written > 0) passagesWritten();
    return written;
  });
}
