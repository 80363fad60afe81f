import { queryOptions } from '@tanstack/react-query';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons';
import { OWN_LESSON_AUDIO_MAX_BYTES, OWN_LESSON_MESSAGES } from '@turtle/shared/own-lesson-helpers';
import { api } from '../../../lib/api-client';
import { refuseInput } from '../../../lib/query/use-server-mutation';
import { queryKeys } from '../../../lib/query/query-keys';

/** The learner's own lessons (docs/decisions/046-own-lessons.md), newest first, with what the plan allows. */
export const ownLessonsQuery = queryOptions({
  queryKey: queryKeys.ownLessons,
  queryFn: ({ signal }) => api.call(ownLessonEndpoints.list, { signal }),
});

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

export const renameOwnLesson = (id: string, title: string) =>
  api.call(ownLessonEndpoints.rename, { body: { id, title } });

export const deleteOwnLesson = (id: string) => api.call(ownLessonEndpoints.delete, { body: { id } });

export const correctSentence = (body: { id: string; index: number; sentence?: string; startMs?: number }) =>
  api.call(ownLessonEndpoints.correctSentence, { body });
