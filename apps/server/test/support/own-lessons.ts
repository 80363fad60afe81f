import { expect } from 'vitest';
import type { OwnLessonSummary, OwnLessonUpload } from '@turtle/shared/own-lessons';
import { call } from './http';
import { podcastVtt } from './podcast-audio';
import type { TestServer } from './test-server';

/** `POST /api/lessons/mine/audio` with these bytes as the body (docs/decisions/046-own-lessons.md). */
export const uploadLessonAudio = (server: TestServer, cookie: string, bytes: Uint8Array) =>
  call(server.url, '/api/lessons/mine/audio', { body: bytes, contentType: 'application/octet-stream', cookie });

/**
 * An own lesson made as the screen makes it: the audio uploaded (which must pass), then the lesson from it with the
 * transcript (a 20-second episode's captions by default). Answers the make call's response, refused or not.
 */
export async function makeOwnLesson(
  server: TestServer,
  cookie: string,
  audio: Uint8Array,
  { transcript = podcastVtt(20), title = 'Episode 12' } = {},
) {
  const sent = await uploadLessonAudio(server, cookie, audio);
  expect(sent.status, sent.text).toBe(200);
  const { uploadId } = sent.data as OwnLessonUpload;
  return call(server.url, '/api/lessons/mine', { json: { title, uploadId, transcript }, cookie });
}

/** The lesson a make call answered, which must have passed. */
export function madeLesson(res: { status: number; text: string; data: unknown }): OwnLessonSummary {
  expect(res.status, res.text).toBe(200);
  return (res.data as { lesson: OwnLessonSummary }).lesson;
}
