import { expect } from 'vitest';
import type { OwnLessonSummary, OwnLessonUpload } from '@turtle/shared/own-lessons';
import { call } from './http';

/**
 * A lesson from audio alone as the screen makes it (docs/decisions/051-transcribing-own-lessons.md): the audio uploaded
 * (which must pass), then `POST /api/lessons/mine/transcribe` with its upload id. Answers that call's response.
 */
export async function makeAudioLesson(
  server: { url: string },
  cookie: string,
  audio: Uint8Array,
  title = 'Episode 13',
) {
  const sent = await call(server.url, '/api/lessons/mine/audio', {
    body: audio,
    contentType: 'application/octet-stream',
    cookie,
  });
  expect(sent.status, sent.text).toBe(200);
  const { uploadId } = sent.data as OwnLessonUpload;
  return call(server.url, '/api/lessons/mine/transcribe', { json: { title, uploadId }, cookie });
}

export const cardOf = (res: { status: number; text: string; data: unknown }): OwnLessonSummary => {
  expect(res.status, res.text).toBe(200);
  return (res.data as { lesson: OwnLessonSummary }).lesson;
};
