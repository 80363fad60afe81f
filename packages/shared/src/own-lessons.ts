import { z } from './zod';
import { safeText } from './text';
import { ENTITLEMENTS, type PlanId } from './entitlements';
import { Plan } from './plans';

/**
 * A learner's own lessons (docs/decisions/046-own-lessons.md): an audio file with its WebVTT or SRT transcript
 * becomes a lesson the player plays with its synced transcript, private to its owner.
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
} as const;

const title = safeText({ error: 'Give the lesson a title.' })
  .trim()
  .min(1, 'Give the lesson a title.')
  .max(OWN_LESSON_TITLE_MAX_LENGTH, `Keep the title under ${OWN_LESSON_TITLE_MAX_LENGTH + 1} characters.`);
const id = safeText({ error: 'Send the id of the lesson.' }).min(1, 'Send the id of the lesson.').max(100);

/** `POST /api/lessons/mine`: a lesson from an uploaded audio file and its transcript's text. */
export const CreateOwnLessonBodySchema = z.object({
  title,
  uploadId: safeText({ error: 'Send the id of the uploaded audio.' }).min(1, 'Choose the audio file.').max(100),
  transcript: safeText({ error: 'Choose the transcript file (.vtt or .srt).' })
    .min(1, 'Choose the transcript file (.vtt or .srt).')
    .max(OWN_LESSON_TRANSCRIPT_MAX_CHARS, 'This transcript is over 2 MB of text. Choose a shorter one.'),
});

export const RenameOwnLessonBodySchema = z.object({ id, title });

/** A transcript sentence is at most this long once corrected (a caption's sentence is far shorter). */
export const OWN_LESSON_SENTENCE_MAX_LENGTH = 1000;

/**
 * `POST /api/lessons/mine/sentence`: a transcript sentence corrected, its text, its start time, or both. The start must
 * stay between its neighbours' (the server checks, knowing them).
 */
export const CorrectSentenceBodySchema = z
  .object({
    id,
    index: z
      .number({ error: 'Send the number of the sentence.' })
      .int('Send the number of the sentence.')
      .min(0, 'Send the number of the sentence.'),
    sentence: safeText({ error: 'A sentence must be text.' })
      .trim()
      .min(1, 'A sentence cannot be empty.')
      .max(OWN_LESSON_SENTENCE_MAX_LENGTH, `Keep a sentence under ${OWN_LESSON_SENTENCE_MAX_LENGTH + 1} characters.`)
      .optional(),
    startMs: z
      .number({ error: 'A start must be a number of milliseconds.' })
      .int('A start must be a whole number of milliseconds.')
      .min(0, 'A start cannot be negative.')
      .optional(),
  })
  .refine(
    (body) => body.sentence !== undefined || body.startMs !== undefined,
    'Send the corrected sentence or its start.',
  );
export const DeleteOwnLessonBodySchema = z.object({ id });

/** An uploaded audio file, waiting to become a lesson. */
export interface OwnLessonUpload {
  uploadId: string;
  durationMs: number;
  contentType: OwnLessonAudioType;
}

/** One of the learner's lessons in their list. */
export interface OwnLessonSummary {
  id: string;
  title: string;
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
}

/** A length as the series lists its lessons: "m:ss" ("0:20", "24:03", "95:00"). */
export function lessonLength(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The address a lesson's audio is served from, to its owner. */
export const ownLessonAudioUrl = (lessonId: string) => `/api/lessons/mine/${encodeURIComponent(lessonId)}/audio`;
