import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { effectivePlan } from '@turtle/shared/entitlements';
import { OWN_LESSON_LIMITS, OWN_LESSON_UPLOAD_TTL_MS, type OwnLessonAllowance } from '@turtle/shared/own-lessons';
import type { Db, DbOrTx } from '../../../db/database';
import { lessonProgress } from '../lessons.tables';
import { removeSource } from '../../../core/knowledge/passages.repository';
import { ownLessons, ownLessonUploads } from './own-lessons.tables';

export type OwnLessonRow = typeof ownLessons.$inferSelect;
export type OwnLessonUploadRow = typeof ownLessonUploads.$inferSelect;

export async function insertUpload(db: DbOrTx, row: OwnLessonUploadRow): Promise<void> {
  await db.insert(ownLessonUploads).values(row);
}

/** The person's upload, taken (deleted) so it becomes one lesson only; null when gone or stale. */
export async function takeUpload(db: DbOrTx, userId: string, id: string, now: number) {
  const rows = await db
    .delete(ownLessonUploads)
    .where(
      and(
        eq(ownLessonUploads.id, id),
        eq(ownLessonUploads.userId, userId),
        gt(ownLessonUploads.createdAt, now - OWN_LESSON_UPLOAD_TTL_MS),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Uploads older than the hour they are kept, taken off the table so their files can be removed. */
export async function takeStaleUploads(db: DbOrTx, now: number, limit = 100): Promise<string[]> {
  const stale = db
    .select({ id: ownLessonUploads.id })
    .from(ownLessonUploads)
    .where(lte(ownLessonUploads.createdAt, now - OWN_LESSON_UPLOAD_TTL_MS))
    .limit(limit);
  const rows = await db
    .delete(ownLessonUploads)
    .where(inArray(ownLessonUploads.id, stale))
    .returning({ audioKey: ownLessonUploads.audioKey });
  return rows.map((row) => row.audioKey);
}

/** What the person's plan allows and what their lessons use (docs/decisions/046-own-lessons.md). */
export async function ownLessonAllowance(
  db: DbOrTx,
  user: { id: string; plan: number; expireAt: number },
): Promise<OwnLessonAllowance> {
  const [row] = await db
    .select({ count: sql<string>`count(*)`, audioMs: sql<string>`coalesce(sum(${ownLessons.durationMs}), 0)` })
    .from(ownLessons)
    .where(eq(ownLessons.userId, user.id));
  const limits = OWN_LESSON_LIMITS[effectivePlan(user)];
  return {
    lessons: { used: Number(row?.count ?? 0), max: limits.lessons },
    audioMs: { used: Number(row?.audioMs ?? 0), max: limits.audioMs },
  };
}

export async function insertOwnLesson(db: DbOrTx, row: OwnLessonRow): Promise<void> {
  await db.insert(ownLessons).values(row);
}

const summaryColumns = {
  id: ownLessons.id,
  title: ownLessons.title,
  durationMs: ownLessons.durationMs,
  createdAt: ownLessons.createdAt,
};

/** Newest first. */
export async function listOwnLessons(db: DbOrTx, userId: string) {
  return db
    .select(summaryColumns)
    .from(ownLessons)
    .where(eq(ownLessons.userId, userId))
    .orderBy(desc(ownLessons.createdAt), desc(ownLessons.id));
}

export async function findOwnLesson(db: DbOrTx, userId: string, id: string): Promise<OwnLessonRow | null> {
  const rows = await db
    .select()
    .from(ownLessons)
    .where(and(eq(ownLessons.id, id), eq(ownLessons.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The person's lesson, locked until the transaction ends (two corrections at once apply one after the other). */
export async function lockOwnLesson(tx: DbOrTx, userId: string, id: string): Promise<OwnLessonRow | null> {
  const rows = await tx
    .select()
    .from(ownLessons)
    .where(and(eq(ownLessons.id, id), eq(ownLessons.userId, userId)))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function saveTranscript(tx: DbOrTx, id: string, transcript: OwnLessonRow['transcript'], now: number) {
  await tx.update(ownLessons).set({ transcript, updatedAt: now }).where(eq(ownLessons.id, id));
}

export async function renameOwnLesson(db: DbOrTx, userId: string, id: string, title: string, now: number) {
  const rows = await db
    .update(ownLessons)
    .set({ title, updatedAt: now })
    .where(and(eq(ownLessons.id, id), eq(ownLessons.userId, userId)))
    .returning(summaryColumns);
  return rows[0] ?? null;
}

/**
 * The deleted lesson's audio key (its file is removed after the transaction), or null when it was not theirs. Its
 * place in the account and its passages in the search index go with it.
 */
export async function deleteOwnLesson(db: Db, userId: string, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(ownLessons)
      .where(and(eq(ownLessons.id, id), eq(ownLessons.userId, userId)))
      .returning({ audioKey: ownLessons.audioKey });
    if (rows[0]) {
      await tx.delete(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, id)));
      await removeSource(tx, userId, 'lesson', id);
    }
    return rows[0]?.audioKey ?? null;
  });
}

/** Every audio key of the person's lessons and uploads (their account is going). */
export async function audioKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const lessons = await db.select({ key: ownLessons.audioKey }).from(ownLessons).where(eq(ownLessons.userId, userId));
  const uploads = await db
    .select({ key: ownLessonUploads.audioKey })
    .from(ownLessonUploads)
    .where(eq(ownLessonUploads.userId, userId));
  return [...lessons, ...uploads].map((row) => row.key);
}
