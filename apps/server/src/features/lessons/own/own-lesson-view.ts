import type { Lesson } from '@turtle/shared/lesson';
import { lessonLength, ownLessonAudioUrl, type OwnLessonSummary } from '@turtle/shared/own-lessons';
import type { OwnLessonRow } from './own-lessons.repository';

/** A row as the list shows it. */
export function ownLessonSummary(
  row: Pick<OwnLessonRow, 'id' | 'title' | 'durationMs' | 'createdAt'>,
): OwnLessonSummary {
  return {
    id: row.id,
    title: row.title,
    status: 'ready',
    durationMs: row.durationMs,
    createdAt: row.createdAt,
    duration: lessonLength(row.durationMs),
  };
}

/** A row as the player reads it: the series' lesson shape, ready, its audio at its owner-only address. */
export function ownLessonView(row: OwnLessonRow): Lesson {
  return {
    id: row.id,
    title: row.title,
    duration: lessonLength(row.durationMs),
    ready: true,
    audioFile: ownLessonAudioUrl(row.id),
    captionsFile: null,
    transcript: row.transcript,
  };
}
