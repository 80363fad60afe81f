import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import { openFileStore } from '../src/core/storage/open-file-store';
import { ownLessons } from '../src/db/schema';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { madeLesson, makeOwnLesson } from './support/own-lessons';
import { podcastAudio } from './support/podcast-audio';
import { startTestS3, type TestS3 } from './support/s3-server';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * docs/decisions/046-own-lessons.md: with an S3-compatible store, the audio of own lessons lives in the bucket, so on
 * PostgreSQL a second server process plays, and deletes, what the first one made.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let s3: TestS3;
let first: TestServer;
let mp3: Buffer;
beforeAll(async () => {
  s3 = await startTestS3();
  first = await startTestServer({ env: s3.env });
  mp3 = await podcastAudio('mp3', 20);
});
afterAll(async () => {
  await first.close();
  await s3.close();
});

const makeLesson = async (server: TestServer, cookie: string) => madeLesson(await makeOwnLesson(server, cookie, mp3));

async function audioFrom(server: TestServer, lessonId: string, cookie: string, range?: string) {
  const res = await fetch(`${server.url}/api/lessons/mine/${lessonId}/audio`, {
    headers: { cookie: `sid=${cookie}`, ...(range ? { range } : {}) },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('own lessons in an S3-compatible bucket', () => {
  it('keeps the audio in the bucket, plays it with ranges, and deletes it from the bucket', async () => {
    const user = await createUser(first.database.db);
    const cookie = await createSessionToken(first.database.db, user.id);
    const lesson = await makeLesson(first, cookie);
    const bucket = await openFileStore(first.config.files);
    expect(first.config.files.kind).toBe('s3');
    const key = await audioKeyOf(lesson.id);
    expect(key.startsWith(`lessons/${user.id}/`)).toBe(true);
    expect(await bucket.size(key)).toBe(mp3.length);
    expect((await audioFrom(first, lesson.id, cookie)).bytes.equals(mp3)).toBe(true);
    const part = await audioFrom(first, lesson.id, cookie, 'bytes=1000-1999');
    expect(part.status).toBe(206);
    expect(part.bytes.equals(mp3.subarray(1000, 2000))).toBe(true);
    await call(first.url, '/api/lessons/mine/delete', { json: { id: lesson.id }, cookie });
    expect(await bucket.size(key)).toBeNull();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a lesson made on one server process plays from another, and one deleted there is gone on the first',
    async () => {
      const second = await startTestServer({ env: s3.env });
      try {
        const user = await createUser(first.database.db);
        const cookie = await createSessionToken(first.database.db, user.id);
        const lesson = await makeLesson(first, cookie);
        const read = await call(second.url, `/api/lessons/mine/${lesson.id}`, { cookie });
        expect((read.data as GetLessonResponse).lesson.transcript[0]!.sentence).toBe(
          'Part 1 of the episode, where we talk about index funds.',
        );
        expect((await audioFrom(second, lesson.id, cookie)).bytes.equals(mp3)).toBe(true);
        expect((await call(second.url, '/api/lessons/mine/delete', { json: { id: lesson.id }, cookie })).status).toBe(
          200,
        );
        expect((await audioFrom(first, lesson.id, cookie)).status).toBe(404);
      } finally {
        await second.close();
      }
    },
  );
});

/** The key of a lesson's audio in the store, read from the first server's database. */
async function audioKeyOf(lessonId: string): Promise<string> {
  const [row] = await first.database.db
    .select({ key: ownLessons.audioKey })
    .from(ownLessons)
    .where(eq(ownLessons.id, lessonId));
  return row!.key;
}
