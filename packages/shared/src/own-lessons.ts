import { z } from './zod';
import { safeText } from './text';
import {
  OWN_LESSON_SENTENCE_MAX_LENGTH,
  OWN_LESSON_TEXT_MAX_CHARS,
  OWN_LESSON_TITLE_MAX_LENGTH,
  OWN_LESSON_TRANSCRIPT_MAX_CHARS,
} from './own-lesson-helpers';

export * from './own-lesson-helpers';

/** The request schemas of a learner's own lessons (docs/decisions/046-own-lessons.md); the values are in the helpers. */

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

/**
 * `POST /api/lessons/mine/text` (docs/decisions/049-voicing-own-lessons.md): a text, plain or markdown, to be voiced
 * sentence by sentence into a lesson in the background.
 */
export const CreateTextLessonBodySchema = z.object({
  title,
  text: safeText({ error: 'Paste the text, or choose a text or markdown file.' })
    .min(1, 'Paste the text, or choose a text or markdown file.')
    .max(
      OWN_LESSON_TEXT_MAX_CHARS,
      `This text is over ${OWN_LESSON_TEXT_MAX_CHARS.toLocaleString('en')} characters. Choose a shorter one.`,
    ),
  format: z.enum(['text', 'markdown'], { error: 'Say whether the text is plain text or markdown.' }).default('text'),
});

/**
 * `POST /api/lessons/mine/transcribe` (docs/decisions/051-transcribing-own-lessons.md): an uploaded audio file with no
 * transcript, transcribed by the configured speech-to-text service into a lesson in the background.
 */
export const CreateAudioLessonBodySchema = z.object({
  title,
  uploadId: safeText({ error: 'Send the id of the uploaded audio.' }).min(1, 'Choose the audio file.').max(100),
});

export const RenameOwnLessonBodySchema = z.object({ id, title });

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
