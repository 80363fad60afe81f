import { eq, sql } from 'drizzle-orm';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';
import type { DbOrTx } from '../../db/database';
import { lessonProgress } from './lessons.tables';

// The account keeps positions only (decision 021, its update). The table's `completed_at` column (migration 0011)
// stays, unused: product.md §2 keeps the completed mark "local only, not sent anywhere", so no query here reads or
// writes it. Marks stored there before that update are left as they were, never read and never answered.

/** The columns an answer names: never `completed_at`. */
const entryColumns = {
  lessonId: lessonProgress.lessonId,
  positionMs: lessonProgress.positionMs,
  updatedAt: lessonProgress.updatedAt,
};

/** Every query names the owner: one person's progress never reaches another. */
export async function listOwnProgress(db: DbOrTx, userId: string): Promise<LessonProgressEntry[]> {
  return db
    .select(entryColumns)
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .orderBy(lessonProgress.lessonId);
}

export interface PositionChange {
  lessonId: string;
  positionMs: number;
}

/** One lesson's position, in one upsert. */
export async function saveOwnProgress(db: DbOrTx, userId: string, change: PositionChange, now: number): Promise<void> {
  await db
    .insert(lessonProgress)
    .values({ userId, lessonId: change.lessonId, positionMs: change.positionMs, updatedAt: now })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { positionMs: change.positionMs, updatedAt: now },
    });
}

/**
 * A device's own positions join the account (decision 021): the device's position fills a lesson only where the
 * account has none; nothing the account already holds is overwritten.
 */
export async function mergeOwnProgress(
  db: DbOrTx,
  userId: string,
  lessons: PositionChange[],
  now: number,
): Promise<void> {
  if (lessons.length === 0) return;
  await db
    .insert(lessonProgress)
    .values(
      lessons.map((lesson) => ({ userId, lessonId: lesson.lessonId, positionMs: lesson.positionMs, updatedAt: now })),
    )
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        positionMs: sql`case when ${lessonProgress.positionMs} = 0 then excluded.position_ms else ${lessonProgress.positionMs} end`,
        updatedAt: now,
      },
    });
}
