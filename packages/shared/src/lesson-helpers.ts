import { LESSON_COUNT } from './constants';

// The lessons' ids, messages and clock, with no schema: the lesson player's screen imports these, and so loads no
// zod (docs/decisions/030-first-reads-ahead-and-settled-paints.md). The request schemas are in lesson.ts and
// lesson-progress.ts.

/** The ids product.md §3 names: "1" to "7". */
export const LESSON_IDS = Array.from({ length: LESSON_COUNT }, (_, index) => String(index + 1));

/** One of the series' lessons; any other id is a learner's own (docs/decisions/046-own-lessons.md). */
export const isSeriesLesson = (id: string): boolean => LESSON_IDS.includes(id);

const OWN_LESSON_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An id a lesson may have: one of the series', or the shape of a learner's own (whose it is, the server checks). */
export const isLessonId = (id: string): boolean => isSeriesLesson(id) || OWN_LESSON_ID.test(id);

export const LESSON_NOT_FOUND_MESSAGE = 'Lesson not found!';
export const LESSON_NOT_READY_MESSAGE = 'Lesson not ready!';

/** The longest lesson is under 7 minutes; a position past an hour is not a position in any of them. */
export const LESSON_POSITION_MAX_MS = 60 * 60 * 1000;
/** A learner's own lesson may be a long episode (docs/decisions/046-own-lessons.md): its position is kept up to a day. */
export const OWN_LESSON_POSITION_MAX_MS = 24 * 60 * 60 * 1000;

/** product.md §7: sentences joined by a space, a blank line at each paragraph's end. */
export function fullScriptOf(transcript: readonly { sentence: string; isParagraphEnd: boolean }[]): string {
  return transcript
    .map(
      (entry, index) => entry.sentence + (index === transcript.length - 1 ? '' : entry.isParagraphEnd ? '\n\n' : ' '),
    )
    .join('');
}

/** product.md §4: the current sentence is the last one starting at or before `ms` (-1 before the first). Binary search. */
export function sentenceIndexAt(transcript: readonly { startMs: number }[], ms: number): number {
  let low = 0;
  let high = transcript.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (transcript[middle]!.startMs <= ms) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** "mm:ss" (product.md §2: elapsed and total time), minutes growing past 99 if they must. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "3:37" to milliseconds; NaN for anything else. */
export function parseDuration(duration: string): number {
  const match = /^(\d+):([0-5]\d)$/.exec(duration);
  return match ? (Number(match[1]) * 60 + Number(match[2])) * 1000 : Number.NaN;
}

/** A moment of the lesson cited in a tutor answer: `[mm:ss]`. Global: use with `matchAll` or `split`. */
export const TIMESTAMP_PATTERN = /\[(\d{1,3}):([0-5]\d)\]/g;

/** `[01:23]` for a moment of the lesson, as the tutor cites it. */
export function timestampOf(ms: number): string {
  return `[${formatClock(ms)}]`;
}
