import { eq, sql } from 'drizzle-orm';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';
import type { DbOrTx } from '../../db/database';
import { lessonProgress } from '../../db/schema';

type ProgressRow = typeof lessonProgress.$inferSelect;

function toEntry(row: ProgressRow): LessonProgressEntry {
  return {
    lessonId: row.lessonId,
    positionMs: row.positionMs,
    completed: row.completedAt !== null,
    updatedAt: row.updatedAt,
  };
}

/** Every query names the owner: one person's progress never reaches another. */
export async function listOwnProgress(db: DbOrTx, userId: string): Promise<LessonProgressEntry[]> {
  const rows = await db
    .select()
    .from(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .orderBy(lessonProgress.lessonId);
  return rows.map(toEntry);
}

export interface ProgressChange {
  lessonId: string;
  positionMs?: number;
  completed?: boolean;
}

/** One lesson's position and/or mark, in one upsert: what is not sent is kept. */
export async function saveOwnProgress(db: DbOrTx, userId: string, change: ProgressChange, now: number): Promise<void> {
  const completedAt = change.completed === undefined ? undefined : change.completed ? now : null;
  await db
    .insert(lessonProgress)
    .values({
      userId,
      lessonId: change.lessonId,
      positionMs: change.positionMs ?? 0,
      completedAt: completedAt ?? null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        updatedAt: now,
        ...(change.positionMs === undefined ? {} : { positionMs: change.positionMs }),
        // A lesson already done keeps the moment it was first done.
        ...(completedAt === undefined
          ? {}
          : { completedAt: completedAt === null ? null : sql`coalesce(${lessonProgress.completedAt}, ${now})` }),
      },
    });
}

/**
 * A device's own copy joins the account (decision 021): done on either side stays done, and the device's position
 * fills a lesson only where the account has none; nothing the account already holds is overwritten.
 */
export async function mergeOwnProgress(
  db: DbOrTx,
  userId: string,
  lessons: { lessonId: string; positionMs: number; completed: boolean }[],
  now: number,
): Promise<void> {
  if (lessons.length === 0) return;
  await db
    .insert(lessonProgress)
    .values(
      lessons.map((lesson) => ({
        userId,
        lessonId: lesson.lessonId,
        positionMs: lesson.positionMs,
        completedAt: lesson.completed ? now : null,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        positionMs: sql`case when ${lessonProgress.positionMs} = 0 then excluded.position_ms else ${lessonProgress.positionMs} end`,
        completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    });
}
