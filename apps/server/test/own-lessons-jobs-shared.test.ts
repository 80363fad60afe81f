import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '@turtle/shared/constants';
import type { OwnLessonSummary } from '@turtle/shared/own-lessons';
import { openFileStore } from '../src/core/storage/open-file-store';
import type { FileStore } from '../src/core/storage/file-store';
import { ownLessonJobs, ownLessons } from '../src/db/schema';
import { claimJob, pieceKey } from '../src/features/lessons/own/own-lesson-jobs.repository';
import { createSessionToken, createUser } from './support/factories';
import { FAKE_SPEECH_MODEL, startFakeSpeech, type FakeSpeech } from './support/fake-speech';
import { startTestS3, type TestS3 } from './support/s3-server';
import { startTestServer, type TestServer } from './support/test-server';
import { makeTextLesson, waitForCard, settled } from './support/text-lessons';

/**
 * docs/decisions/049-voicing-own-lessons.md: with an S3-compatible store, the voiced sentences of a lesson being made
 * are kept in the bucket (so any process can finish the job), and on PostgreSQL two server processes that look for
 * work at the same moment never both take one job: each sentence is voiced once.
 */

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let s3: TestS3;
let speech: FakeSpeech;
let first: TestServer;
let bucket: FileStore;
let env: Record<string, string>;
beforeAll(async () => {
  s3 = await startTestS3();
  speech = await startFakeSpeech();
  env = { ...s3.env, TTS_BASE_URL: speech.baseUrl, TTS_MODEL: FAKE_SPEECH_MODEL, TTS_VOICE: 'af_bella' };
  first = await startTestServer({ env });
  bucket = await openFileStore(first.config.files);
});
afterAll(async () => {
  await first.close();
  await speech.close();
  await s3.close();
});
beforeEach(() => {
  speech.delayMs = 0;
});

/** A Pro member, so that many lessons at once stay within the plan. */
async function proMember() {
  const user = await createUser(first.database.db, { plan: 1, expireAt: Date.now() + 30 * DAY_MS });
  return { user, cookie: await createSessionToken(first.database.db, user.id) };
}

const sentencesOf = (tag: string) => [`Lesson ${tag} starts here.`, `Its middle ${tag} follows.`, `It ends ${tag}.`];

async function queueLesson(server: TestServer, cookie: string, tag: string): Promise<string> {
  const res = await makeTextLesson(server.url, cookie, { title: `Lesson ${tag}`, text: sentencesOf(tag).join(' ') });
  expect(res.status, res.text).toBe(200);
  return (res.data as { lesson: OwnLessonSummary }).lesson.id;
}

const sizesOfPieces = (userId: string, jobId: string) =>
  Promise.all([0, 1, 2].map((index) => bucket.size(pieceKey(userId, jobId, index))));

describe('lessons voiced in the background with an S3-compatible store', () => {
  it('keeps the voiced sentences in the bucket while the job runs, and only the lesson audio once it is made', async () => {
    expect(first.config.files.kind).toBe('s3');
    const { user, cookie } = await proMember();
    speech.delayMs = 300;
    const id = await queueLesson(first, cookie, 'in-bucket');
    await waitForCard(first, cookie, id, (card) => (card?.progress?.done ?? 0) >= 1);
    expect((await sizesOfPieces(user.id, id))[0]).toBeGreaterThan(0);

    expect((await waitForCard(first, cookie, id, settled))?.status).toBe('ready');
    const [lesson] = await first.database.db.select().from(ownLessons).where(eq(ownLessons.id, id));
    expect(await bucket.size(lesson!.audioKey)).toBe(lesson!.audioBytes);
    await expect.poll(() => sizesOfPieces(user.id, id), { timeout: 10_000 }).toEqual([null, null, null]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two processes looking for work at once never both take a job: every sentence is voiced once',
    async () => {
      const second = await startTestServer({ env });
      try {
        const { cookie } = await proMember();
        // Slow enough that both processes are busy at once, each kicked by the lessons queued on it.
        speech.delayMs = 40;
        const tags = Array.from({ length: 8 }, (_, index) => `t${index}`);
        const ids = await Promise.all(
          tags.map((tag, index) => queueLesson(index % 2 === 0 ? first : second, cookie, tag)),
        );
        for (const id of ids) expect((await waitForCard(second, cookie, id, settled))?.status).toBe('ready');
        for (const tag of tags) {
          for (const sentence of sentencesOf(tag)) {
            expect(
              speech.asked.filter((asked) => asked === sentence),
              sentence,
            ).toHaveLength(1);
          }
        }
        const made = await first.database.db.select().from(ownLessons);
        expect(made.filter((row) => ids.includes(row.id))).toHaveLength(ids.length);
      } finally {
        await second.close();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'claims from two processes at the same moment each get a different job, and none is claimed twice',
    async () => {
      const second = await startTestServer({ env: { ...env, TTS_BASE_URL: undefined } });
      try {
        const { user } = await proMember();
        const storeId = `claim-race-${randomUUID()}`;
        const now = Date.now();
        const jobs = Array.from({ length: 12 }, (_, index) => ({
          id: `claim-race-${now}-${index}`,
          userId: user.id,
          title: `Job ${index}`,
          state: 'queued' as const,
          engine: 'service',
          storeId,
          sentences: [{ sentence: 'One.', isParagraphEnd: true }],
          pieces: [],
          estimateMs: 1000,
          createdAt: now + index,
          updatedAt: now + index,
        }));
        await first.database.db.insert(ownLessonJobs).values(jobs);
        // Twenty claims at once, ten on each process's own connections: twelve jobs, so eight find none.
        const claims = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            claimJob(
              (index % 2 ? second : first).database.db,
              { owner: `claimer-${index}`, storeId },
              Date.now(),
              60_000,
            ),
          ),
        );
        const claimed = claims.flatMap((job) => (job ? [job.id] : []));
        expect(claimed).toHaveLength(jobs.length);
        expect(new Set(claimed).size).toBe(jobs.length);
        const rows = await first.database.db.select().from(ownLessonJobs).where(eq(ownLessonJobs.storeId, storeId));
        expect(rows.every((row) => row.state === 'running' && row.leaseOwner?.startsWith('claimer-'))).toBe(true);
        await first.database.db.delete(ownLessonJobs).where(eq(ownLessonJobs.storeId, storeId));
      } finally {
        await second.close();
      }
    },
  );
});
