import type { OwnLessonAllowance } from '@turtle/shared/own-lessons';
import type { DbOrTx } from '../../../db/database';
import { activeJobsOf } from './own-lesson-jobs.repository';
import { ownLessonAllowance } from './own-lessons.repository';

/**
 * What the plan allows with the lessons being made counted in (docs/decisions/049-voicing-own-lessons.md): each as a
 * lesson, with the speech its words are guessed to take, so a lesson cannot be queued past the plan. Once voiced, a
 * lesson is checked again with its real length.
 */
export async function allowanceWithJobs(
  db: DbOrTx,
  user: { id: string; plan: number; expireAt: number },
): Promise<OwnLessonAllowance> {
  const [allowance, jobs] = await Promise.all([ownLessonAllowance(db, user), activeJobsOf(db, user.id)]);
  return {
    lessons: { ...allowance.lessons, used: allowance.lessons.used + jobs.count },
    audioMs: { ...allowance.audioMs, used: allowance.audioMs.used + jobs.estimateMs },
  };
}
