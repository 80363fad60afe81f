import { ENTITLEMENTS, type PlanId } from './entitlements';
import { Plan } from './plans';

/**
 * A learner's own lessons (docs/decisions/046-own-lessons.md): an audio file with its WebVTT or SRT transcript
 * becomes a lesson the player plays with its synced transcript, private to its owner. Plain values and types, no
 * zod, so the lesson screens can import them (decision 030); the request schemas are in own-lessons.ts.
 */

const MB = 1024 * 1024;

/** One audio file, whatever the plan. */
export const OWN_LESSON_AUDIO_MAX_BYTES = 500 * MB;
/** A transcript file (a 24-minute podcast's VTT is about 40 kB). */
export const OWN_LESSON_TRANSCRIPT_MAX_CHARS = 2_000_000;
export const OWN_LESSON_TITLE_MAX_LENGTH = 120;
/** An uploaded file not made into a lesson within this time is deleted. */
export const OWN_LESSON_UPLOAD_TTL_MS = 60 * 60 * 1000;

/** What each plan may keep, from the entitlements table: lessons and their audio's length together. */
export const OWN_LESSON_LIMITS: Readonly<Record<PlanId, { lessons: number; audioMs: number }>> = {
  [Plan.FREE]: {
    lessons: ENTITLEMENTS[Plan.FREE].ownLessons,
    audioMs: ENTITLEMENTS[Plan.FREE].ownLessonMinutes * 60_000,
  },
  [Plan.PRO]: { lessons: ENTITLEMENTS[Plan.PRO].ownLessons, audioMs: ENTITLEMENTS[Plan.PRO].ownLessonMinutes * 60_000 },
};

/** The audio kinds a lesson plays, recognised by their bytes. */
export const OWN_LESSON_AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav', 'audio/webm'] as const;
export type OwnLessonAudioType = (typeof OWN_LESSON_AUDIO_TYPES)[number];

export const OWN_LESSON_MESSAGES = {
  notAudio: 'This file is not audio we can play. Choose an MP3, M4A (AAC), Ogg or Opus, WAV or WebM file.',
  tooLarge: 'This audio file is over 500 MB. Choose a smaller file.',
  uploadGone: 'The audio file is no longer here (uploads are kept for an hour). Choose it again.',
  notFound: 'Lesson not found!',
  noTranscription:
    'Lessons from audio alone need a speech-to-text service, and this server has none set up. Its administrator sets STT_BASE_URL (with STT_API_KEY and STT_MODEL) to an OpenAI-compatible /v1/audio/transcriptions.',
} as const;

/** A transcript sentence is at most this long once corrected (a caption's sentence is far shorter). */
export const OWN_LESSON_SENTENCE_MAX_LENGTH = 1000;

/** An uploaded audio file, waiting to become a lesson. */
export interface OwnLessonUpload {
  uploadId: string;
  durationMs: number;
  contentType: OwnLessonAudioType;
}

/**
 * Where a lesson being made stands (docs/decisions/049-voicing-own-lessons.md): waiting, under way, made (it is then a
 * lesson), failed (with its message), or cancelled by its owner.
 */
export const OWN_LESSON_JOB_STATES = ['queued', 'running', 'ready', 'failed', 'cancelled'] as const;
export type OwnLessonJobState = (typeof OWN_LESSON_JOB_STATES)[number];

/** A text to voice: at most this many characters (about 15,000 words, over an hour and a half of speech). */
export const OWN_LESSON_TEXT_MAX_CHARS = 100_000;

/** One of the learner's lessons in their list. */
export interface OwnLessonSummary {
  id: string;
  title: string;
  /** `ready` for a lesson that plays; otherwise a lesson being made, which does not open yet. */
  status: 'ready' | 'queued' | 'running' | 'failed';
  /**
   * Sentences voiced of all, while being made; for a lesson from audio alone (`of: 'audio'`), milliseconds of the audio
   * transcribed of its length (docs/decisions/051-transcribing-own-lessons.md).
   */
  progress?: { done: number; total: number; of?: 'audio' };
  /** Why it could not be made (status `failed`). */
  error?: string;
  /** "m:ss", as the series lists its lessons. */
  duration: string;
  durationMs: number;
  createdAt: number;
}

/** What the learner's plan allows and what is used. */
export interface OwnLessonAllowance {
  lessons: { used: number; max: number };
  audioMs: { used: number; max: number };
}

export interface OwnLessonsResponse {
  lessons: OwnLessonSummary[];
  allowance: OwnLessonAllowance;
  /** Whether this server has a speech-to-text service, so lessons can be made from audio alone (decision 051). */
  transcription: boolean;
}

/** A length as the series lists its lessons: "m:ss" ("0:20", "24:03", "95:00"). */
export function lessonLength(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The address a lesson's audio is served from, to its owner. */
export const ownLessonAudioUrl = (lessonId: string) => `/api/lessons/mine/${encodeURIComponent(lessonId)}/audio`;

/**
 * "Voicing 12 of 40 sentences" (docs/decisions/049-voicing-own-lessons.md), or "Transcribing 3:10 of 24:00"
 * (docs/decisions/051-transcribing-own-lessons.md), on the card of a lesson being made.
 */
export function jobProgressText(summary: Pick<OwnLessonSummary, 'status' | 'progress'>): string {
  if (summary.status === 'queued' && (summary.progress?.done ?? 0) === 0) return 'Waiting to start…';
  const { done = 0, total = 0, of } = summary.progress ?? {};
  if (of === 'audio') return `Transcribing ${lessonLength(done)} of ${lessonLength(total)}`;
  return `Voicing ${done} of ${total} ${total === 1 ? 'sentence' : 'sentences'}`;
}
