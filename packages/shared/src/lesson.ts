import { z } from './zod';
import { ChatStreamMessageSchema, ModelNameSchema } from './chat-stream';
import { CHAT_HISTORY_MAX_MESSAGES, CHAT_MESSAGE_MAX_LENGTH, LESSON_COUNT } from './constants';

/** The ids product.md §3 names: "1" to "7". */
export const LESSON_IDS = Array.from({ length: LESSON_COUNT }, (_, index) => String(index + 1));

export const LESSON_NOT_FOUND_MESSAGE = 'Lesson not found!';
export const LESSON_NOT_READY_MESSAGE = 'Lesson not ready!';

/** rules.md "Lessons": the tutor call's whole script (`fullScript`) is at most this long. */
export const LESSON_SCRIPT_MAX_LENGTH = 100_000;

/** product.md §3 "Transcript entry": a sentence and when it starts in the lesson's audio. */
export const TranscriptEntrySchema = z.object({
  sentence: z.string().min(1),
  startMs: z.number().int().min(0),
  isParagraphEnd: z.boolean(),
});
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;
export const TranscriptSchema = z.array(TranscriptEntrySchema);

/**
 * product.md §3 "Lesson" as the server sends it. `audioFile` is the audio's URL (content-addressed, so it may be cached
 * for good) and `captionsFile` its WebVTT; both are null, and the transcript empty, when the lesson is not ready.
 * `completed` is the device's own mark and never comes from the server.
 */
export const LessonSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** "m:ss", as listed (product.md §9). */
  duration: z.string(),
  ready: z.boolean(),
  audioFile: z.string().nullable(),
  captionsFile: z.string().nullable(),
  transcript: TranscriptSchema,
});
export type Lesson = z.infer<typeof LessonSchema>;
/** A lesson in the list: everything but the transcript. */
export type LessonSummary = Omit<Lesson, 'transcript'>;

/** product.md §3 "Series info". */
export interface SeriesInfo {
  title: string;
  numberOfLessons: number;
}

/** `GET /api/lessons`. */
export interface ListLessonsResponse {
  series: SeriesInfo;
  lessons: LessonSummary[];
}
/** `GET /api/lessons/{id}`. */
export interface GetLessonResponse {
  lesson: Lesson;
}

/** One message of the tutor conversation as sent (product.md §3 "Lesson chat message": `{role, content}`), as in the chat. */
export const LessonChatMessageSchema = ChatStreamMessageSchema;
export type LessonChatMessage = z.infer<typeof LessonChatMessageSchema>;

/**
 * `POST /api/lesson/chat` (product.md §7): the whole script, the sentence the learner is at and the real conversation
 * (rules.md "Lessons"), plus the lesson's id so the server can use its own transcript and timestamps.
 */
export const LessonChatBodySchema = z.object({
  lessonId: z
    .string({ error: 'A lesson id must be text.' })
    .refine((id) => LESSON_IDS.includes(id), LESSON_NOT_FOUND_MESSAGE)
    .optional(),
  fullScript: z
    .string({ error: 'Send the lesson script as text.' })
    .max(
      LESSON_SCRIPT_MAX_LENGTH,
      `The lesson script must have ${LESSON_SCRIPT_MAX_LENGTH.toLocaleString('en')} characters or less.`,
    ),
  currentSentence: z
    .string({ error: 'Send the current sentence as text.' })
    .max(
      CHAT_MESSAGE_MAX_LENGTH,
      `The current sentence must have ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en')} characters or less.`,
    ),
  messages: z
    .array(LessonChatMessageSchema, { error: 'Send the messages of the conversation.' })
    .min(1, 'Type a question first.')
    .max(CHAT_HISTORY_MAX_MESSAGES, `Send at most ${CHAT_HISTORY_MAX_MESSAGES} messages.`)
    .refine((messages) => messages.at(-1)?.role === 'user', 'The last message must be your question.')
    .refine((messages) => messages.at(-1)?.content.trim() !== '', 'Type a question first.'),
  /** The model to answer with, as in the chat; the server's default when missing. */
  model: ModelNameSchema.optional(),
});
export type LessonChatBody = z.infer<typeof LessonChatBodySchema>;

export interface LessonChatResponse {
  reply: string;
}

/** product.md §7: sentences joined by a space, a blank line at each paragraph's end. */
export function fullScriptOf(transcript: TranscriptEntry[]): string {
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
