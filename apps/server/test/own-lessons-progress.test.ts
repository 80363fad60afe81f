import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';
import type { OwnLessonSummary, OwnLessonUpload } from '@turtle/shared/own-lessons';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { podcastAudio, podcastVtt } from './support/podcast-audio';
import { startTestServer, type TestServer } from './support/test-server';

/** docs/decisions/046-own-lessons.md: where a learner is in an own lesson is kept in the account, as for the series. */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let server: TestServer;
let mp3: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  mp3 = await podcastAudio('mp3', 20);
});
afterAll(() => server.close());

async function person() {
  const user = await createUser(server.database.db);
  return createSessionToken(server.database.db, user.id);
}

async function makeLesson(cookie: string): Promise<OwnLessonSummary> {
  const sent = await call(server.url, '/api/lessons/mine/audio', {
    body: mp3,
    contentType: 'application/octet-stream',
    cookie,
  });
  const { uploadId } = sent.data as OwnLessonUpload;
  const made = await call(server.url, '/api/lessons/mine', {
    json: { title: 'Episode 12', uploadId, transcript: podcastVtt(20) },
    cookie,
  });
  return (made.data as { lesson: OwnLessonSummary }).lesson;
}

const save = (cookie: string, json: unknown) => call(server.url, '/api/lessons/progress', { json, cookie });
const progressOf = async (cookie: string) =>
  ((await call(server.url, '/api/lessons/progress', { cookie })).data as { progress: LessonProgressEntry[] }).progress;

describe('the account keeps positions in own lessons', () => {
  it('saves and reads one, past an hour too; another person’s lesson is not found; deleting the lesson drops it', async () => {
    const cookie = await person();
    const lesson = await makeLesson(cookie);
    expect((await save(cookie, { lessonId: lesson.id, positionMs: 12_000 })).status).toBe(200);
    expect(await progressOf(cookie)).toEqual([
      { lessonId: lesson.id, positionMs: 12_000, updatedAt: expect.any(Number) as number },
    ]);
    // A long episode: past the series' hour, within a day.
    expect((await save(cookie, { lessonId: lesson.id, positionMs: 2 * 3_600_000 })).status).toBe(200);
    const tooFar = await save(cookie, { lessonId: lesson.id, positionMs: 25 * 3_600_000 });
    expect(tooFar.status).toBe(400);
    expect((tooFar.data as { message: string }).message).toBe('That position is past the end of every lesson.');
    // The series keeps its hour.
    const seriesTooFar = await save(cookie, { lessonId: '1', positionMs: 4_000_000 });
    expect((seriesTooFar.data as { message: string }).message).toBe('That position is past the end of every lesson.');

    const other = await person();
    const refused = await save(other, { lessonId: lesson.id, positionMs: 1 });
    expect(refused.status).toBe(404);
    expect((refused.data as { message: string }).message).toBe('Lesson not found!');
    expect(await progressOf(other)).toEqual([]);

    await call(server.url, '/api/lessons/mine/delete', { json: { id: lesson.id }, cookie });
    expect(await progressOf(cookie)).toEqual([]);
  });
});
