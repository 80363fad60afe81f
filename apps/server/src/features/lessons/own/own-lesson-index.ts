import type { DbOrTx } from '../../../db/database';
import { indexTimedSource } from '../../../core/knowledge/timed-passages';
import { lessonPassages } from '../../../core/lessons/lesson-passages';
import type { OwnLessonRow } from './own-lessons.repository';

/**
 * An own lesson in its owner's search index (docs/decisions/046-own-lessons.md), as the series' transcripts are
 * (decision 039): passages of a few sentences with their starts, so search and the chat open it at the words they
 * matched. Written in the transaction that makes or corrects the lesson.
 */
export async function indexOwnLesson(
  tx: DbOrTx,
  row: Pick<OwnLessonRow, 'id' | 'userId' | 'title' | 'transcript'>,
  now: number,
) {
  await indexTimedSource(
    tx,
    {
      userId: row.userId,
      kind: 'lesson',
      sourceId: row.id,
      title: row.title,
      passages: lessonPassages(row.transcript),
    },
    now,
  );
}
