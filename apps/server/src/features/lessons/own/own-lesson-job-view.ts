import { lessonLength, type OwnLessonSummary } from '@turtle/shared/own-lessons';
import type { OwnLessonJobRow } from './own-lesson-jobs.repository';

/** A lesson being made, as the list shows it: its progress, or why it failed; its length as guessed. */
export function ownLessonJobSummary(row: OwnLessonJobRow): OwnLessonSummary {
  const status = row.state === 'running' || row.state === 'failed' ? row.state : 'queued';
  return {
    id: row.id,
    title: row.title,
    status,
    // A lesson from audio alone counts the audio transcribed (docs/decisions/051-transcribing-own-lessons.md).
    progress: row.audio
      ? { done: Math.min(row.pieces.at(-1) ?? 0, row.audio.durationMs), total: row.audio.durationMs, of: 'audio' }
      : { done: row.pieces.length, total: row.sentences.length },
    ...(row.state === 'failed' ? { error: row.error ?? 'This lesson could not be made.' } : {}),
    durationMs: row.estimateMs,
    duration: lessonLength(row.estimateMs),
    createdAt: row.createdAt,
  };
}
