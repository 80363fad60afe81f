import { z } from './zod';
import type { MessageSource } from './conversation';
import { ChatStreamMessageSchema, ModelNameSchema } from './chat-stream';
import { CHAT_HISTORY_MAX_MESSAGES, CHAT_MESSAGE_MAX_LENGTH } from './constants';
import { isLessonId, LESSON_NOT_FOUND_MESSAGE } from './lesson-helpers';

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
  lessonId: z.string({ error: 'A lesson id must be text.' }).refine(isLessonId, LESSON_NOT_FOUND_MESSAGE).optional(),
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
  /** The learner's notes and cards the tutor was given, numbered as the reply cites them (decision 044). */
  sources?: MessageSource[];
}
