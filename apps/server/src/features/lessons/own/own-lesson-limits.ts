import { lessonLength, type OwnLessonAllowance } from '@turtle/shared/own-lessons';
import { HttpError } from '../../../lib/http-error';

/** A transcript may end this long after its audio (captions often hold the last line a moment). */
const END_TOLERANCE_MS = 5000;

/**
 * A transcript made for another file is refused (docs/decisions/046-own-lessons.md): one whose last cue starts after
 * the audio ends, or one that covers less than half of an audio over two minutes long.
 */
export function checkTranscriptFits(lastStart: number, durationMs: number): void {
  if (lastStart > durationMs + END_TOLERANCE_MS) {
    throw new HttpError(
      400,
      'validation',
      `The transcript runs to ${lessonLength(lastStart)}, but the audio is ${lessonLength(durationMs)} long. Is it the transcript of this audio?`,
    );
  }
  if (durationMs > 120_000 && lastStart < durationMs / 2) {
    throw new HttpError(
      400,
      'validation',
      `The transcript ends at ${lessonLength(lastStart)}, but the audio runs ${lessonLength(durationMs)}. Is it the transcript of this audio?`,
    );
  }
}

/** The plan's number of lessons and minutes of audio, with what this lesson adds (403 `lessonLimitReached`, as cards). */
export function checkFits(allowance: OwnLessonAllowance, durationMs: number): void {
  if (allowance.lessons.used >= allowance.lessons.max) {
    throw new HttpError(
      403,
      'lessonLimitReached',
      `Your plan keeps ${allowance.lessons.max} lessons of your own. Delete one, or upgrade to Pro for more.`,
    );
  }
  if (allowance.audioMs.used + durationMs > allowance.audioMs.max) {
    const left = Math.max(0, allowance.audioMs.max - allowance.audioMs.used);
    throw new HttpError(
      403,
      'lessonLimitReached',
      `This audio is ${lessonLength(durationMs)} long and your plan has ${lessonLength(left)} of lesson audio left. Upgrade to Pro for more.`,
    );
  }
}
