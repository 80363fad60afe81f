import { queryOptions } from '@tanstack/react-query';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons';
import { OWN_LESSON_AUDIO_MAX_BYTES, OWN_LESSON_MESSAGES } from '@turtle/shared/own-lesson-helpers';
import { api } from '../../../lib/api-client';
import { refuseInput } from '../../../lib/query/use-server-mutation';
import { queryKeys } from '../../../lib/query/query-keys';

/** While a lesson is being made, its card's progress is read this often (docs/decisions/049-voicing-own-lessons.md). */
const JOB_POLL_MS = 1000;

/**
 * The learner's own lessons (docs/decisions/046-own-lessons.md), newest first, with what the plan allows; read again
 * every second while one is being made.
 */
export const ownLessonsQuery = queryOptions({
  queryKey: queryKeys.ownLessons,
  queryFn: ({ signal }) => api.call(ownLessonEndpoints.list, { signal }),
  refetchInterval: (query) =>
    query.state.data?.lessons.some((lesson) => lesson.status === 'queued' || lesson.status === 'running')
      ? JOB_POLL_MS
      : false,
});

/** A lesson from a text, voiced in the background (docs/decisions/049-voicing-own-lessons.md): its card at once. */
export const makeTextLesson = async (body: { title: string; text: string; format: 'text' | 'markdown' }) =>
  (await api.call(ownLessonEndpoints.createFromText, { body })).lesson;

export interface NewOwnLesson {
  title: string;
  audio: File;
  transcript: File;
}

/**
 * The audio goes first (the server probes it and keeps it an hour), then the lesson is made from it with the title
 * and the transcript's text; `onStep` says which is under way.
 */
export async function makeOwnLesson(input: NewOwnLesson, onStep: (step: 'uploading' | 'making') => void) {
  if (input.audio.size > OWN_LESSON_AUDIO_MAX_BYTES) refuseInput(OWN_LESSON_MESSAGES.tooLarge);
  onStep('uploading');
  const { uploadId } = await api.call(ownLessonEndpoints.upload, { body: input.audio });
  onStep('making');
  const transcript = await input.transcript.text();
  return (await api.call(ownLessonEndpoints.create, { body: { title: input.title, uploadId, transcript } })).lesson;
}

/**
 * A lesson from audio alone (docs/decisions/051-transcribing-own-lessons.md): the audio is uploaded and probed, then
 * queued to be transcribed in the background; its card at once.
 */
export async function makeAudioLesson(input: { title: string; audio: File }, onStep: (step: 'uploading') => void) {
  if (input.audio.size > OWN_LESSON_AUDIO_MAX_BYTES) refuseInput(OWN_LESSON_MESSAGES.tooLarge);
  onStep('uploading');
  const { uploadId } = await api.call(ownLessonEndpoints.upload, { body: input.audio });
  return (await api.call(ownLessonEndpoints.createFromAudio, { body: { title: input.title, uploadId } })).lesson;
}

export const renameOwnLesson = (id: string, title: string) =>
  api.call(ownLessonEndpoints.rename, { body: { id, title } });

export const deleteOwnLesson = (id: string) => api.call(ownLessonEndpoints.delete, { body: { id } });

export const correctSentence = (body: { id: string; index: number; sentence?: string; startMs?: number }) =>
  api.call(ownLessonEndpoints.correctSentence, { body });
