import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMPLETED_MARK_REFUSED_MESSAGE, type LessonProgressEntry } from '@turtle/shared/lesson-progress';
import { lessonProgress } from '../src/db/schema';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();

async function newLearnerWithId(name: string): Promise<{ cookie: string; userId: string }> {
  const db = server.database.db;
  const userId = (await createUser(db, { name })).id;
  return { cookie: await createSessionToken(db, userId), userId };
}
const newLearner = async (name: string) => (await newLearnerWithId(name)).cookie;
const progressOf = async (cookie: string) =>
  ((await call(server.url, '/api/lessons/progress', { cookie })).data as { progress: LessonProgressEntry[] }).progress;
const save = (cookie: string, json: unknown) => call(server.url, '/api/lessons/progress', { json, cookie });
const merge = (cookie: string, json: unknown) => call(server.url, '/api/lessons/progress/merge', { json, cookie });
/** The `completed_at` column of a person's rows, straight from the table. */
const completedAtOf = async (userId: string) =>
  (
    await server.database.db
      .select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt })
      .from(lessonProgress)
      .where(eq(lessonProgress.userId, userId))
  ).map((row) => row.completedAt);

describe('lesson positions in the account', () => {
  it('starts empty, keeps a position, and answers positions only', async () => {
    const cookie = await newLearner('Lea');
    expect(await progressOf(cookie)).toEqual([]);
    const saved = await save(cookie, { lessonId: '2', positionMs: 61_500 });
    expect(saved.status).toBe(200);
    // Exactly these keys: no `completed` (product.md §2: the mark is local only).
    expect((saved.data as { progress: LessonProgressEntry[] }).progress).toEqual([
      { lessonId: '2', positionMs: 61_500, updatedAt: expect.any(Number) },
    ]);
    await save(cookie, { lessonId: '2', positionMs: 0 });
    expect(await progressOf(cookie)).toEqual([{ lessonId: '2', positionMs: 0, updatedAt: expect.any(Number) }]);
  });

  it('never takes a completed mark (product.md §2: "local only, not sent anywhere"): 400, and nothing stored', async () => {
    const { cookie, userId } = await newLearnerWithId('Local marks');
    const onlyMark = await save(cookie, { lessonId: '2', completed: true });
    expect(onlyMark.status).toBe(400);
    expect(onlyMark.data).toMatchObject({ code: 'validation', message: 'Send a position.' });
    for (const completed of [true, false]) {
      const both = await save(cookie, { lessonId: '2', positionMs: 5_000, completed });
      expect(both.status, String(completed)).toBe(400);
      expect((both.data as { message: string }).message).toBe(COMPLETED_MARK_REFUSED_MESSAGE);
    }
    const merged = await merge(cookie, { lessons: [{ lessonId: '3', positionMs: 9_000, completed: true }] });
    expect(merged.status).toBe(400);
    expect((merged.data as { message: string }).message).toBe(COMPLETED_MARK_REFUSED_MESSAGE);
    expect(await progressOf(cookie)).toEqual([]);

    // Positions written the ways the client writes them leave `completed_at` empty.
    await save(cookie, { lessonId: '1', positionMs: 3_000 });
    await merge(cookie, { lessons: [{ lessonId: '2', positionMs: 4_000 }] });
    expect(await completedAtOf(userId)).toEqual([null, null]);
  });

  it('leaves a mark stored by old versions unread: never answered, and kept as it was', async () => {
    const { cookie, userId } = await newLearnerWithId('Before');
    await server.database.db
      .insert(lessonProgress)
      .values({ userId, lessonId: '3', positionMs: 12_000, completedAt: 1_000, updatedAt: 1_000 });
    expect(await progressOf(cookie)).toEqual([{ lessonId: '3', positionMs: 12_000, updatedAt: 1_000 }]);
    await save(cookie, { lessonId: '3', positionMs: 20_000 });
    expect(await progressOf(cookie)).toEqual([{ lessonId: '3', positionMs: 20_000, updatedAt: expect.any(Number) }]);
    expect(await completedAtOf(userId)).toEqual([1_000]);
  });

  it('keeps each learner\u2019s progress apart', async () => {
    const alice = await newLearner('Alice');
    const bob = await newLearner('Bob');
    await save(alice, { lessonId: '1', positionMs: 5_000 });
    expect(await progressOf(bob)).toEqual([]);
    await merge(bob, { lessons: [{ lessonId: '1', positionMs: 9_000 }] });
    expect(await progressOf(alice)).toEqual([{ lessonId: '1', positionMs: 5_000, updatedAt: expect.any(Number) }]);
    expect(await progressOf(bob)).toEqual([{ lessonId: '1', positionMs: 9_000, updatedAt: expect.any(Number) }]);
  });

  it('merges a device\u2019s positions: a position only fills an empty one', async () => {
    const cookie = await newLearner('Merger');
    await save(cookie, { lessonId: '1', positionMs: 30_000 });
    await save(cookie, { lessonId: '3', positionMs: 0 });
    const merged = await merge(cookie, {
      lessons: [
        { lessonId: '1', positionMs: 90_000 },
        { lessonId: '2', positionMs: 12_000 },
        { lessonId: '3', positionMs: 45_000 },
      ],
    });
    expect(merged.status).toBe(200);
    const byId = Object.fromEntries(
      (merged.data as { progress: LessonProgressEntry[] }).progress.map((entry) => [entry.lessonId, entry]),
    );
    expect(byId['1']).toEqual({ lessonId: '1', positionMs: 30_000, updatedAt: expect.any(Number) });
    expect(byId['2']).toEqual({ lessonId: '2', positionMs: 12_000, updatedAt: expect.any(Number) });
    expect(byId['3']).toEqual({ lessonId: '3', positionMs: 45_000, updatedAt: expect.any(Number) });
    // The same copy merged again changes nothing.
    await merge(cookie, { lessons: [{ lessonId: '1', positionMs: 1_000 }] });
    expect((await progressOf(cookie)).find((entry) => entry.lessonId === '1')).toMatchObject({ positionMs: 30_000 });
  });

  it('merges a list that names one lesson twice without a database error', async () => {
    const cookie = await newLearner('Twice');
    const res = await merge(cookie, {
      lessons: [
        { lessonId: '1', positionMs: 1_000 },
        { lessonId: '1', positionMs: 2_000 },
      ],
    });
    expect(res.status).toBe(200);
    expect(await progressOf(cookie)).toEqual([{ lessonId: '1', positionMs: 2_000, updatedAt: expect.any(Number) }]);
  });

  it('refuses bad input with 400 and a message naming the field', async () => {
    const cookie = await newLearner('Bad input');
    const cases: [unknown, string][] = [
      [{ lessonId: '9', positionMs: 1 }, 'Lesson not found!'],
      [{ lessonId: 1, positionMs: 1 }, 'Send the id of the lesson.'],
      [{ lessonId: '1' }, 'Send a position.'],
      [{ lessonId: '1', positionMs: 'soon' }, 'A position must be a number of milliseconds.'],
      [{ lessonId: '1', positionMs: -5 }, 'A position cannot be negative.'],
      [{ lessonId: '1', positionMs: 1.5 }, 'A position must be a whole number of milliseconds.'],
      [{ lessonId: '1', positionMs: 4_000_000 }, 'That position is past the end of every lesson.'],
      [{ lessonId: '1\u0000', positionMs: 1 }, 'Text cannot contain the NUL character (U+0000).'],
    ];
    for (const [body, message] of cases) {
      const res = await save(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.data as { message: string }).message).toBe(message);
    }
    const tooMany = Array.from({ length: 8 }, () => ({ lessonId: '1', positionMs: 0 }));
    expect((await merge(cookie, { lessons: tooMany })).status).toBe(400);
    expect((await merge(cookie, { lessons: 'all' })).status).toBe(400);
    expect((await merge(cookie, { lessons: [{ lessonId: '1' }] })).status).toBe(400);
    expect((await merge(cookie, {})).status).toBe(400);
    expect(await progressOf(cookie)).toEqual([]);
  });

  it('needs a session, a JSON body and our own origin', async () => {
    expect((await call(server.url, '/api/lessons/progress')).status).toBe(401);
    expect((await save('', { lessonId: '1', positionMs: 1 })).status).toBe(401);
    expect((await merge('', { lessons: [] })).status).toBe(401);
    const cookie = await newLearner('Origin');
    const foreign = await call(server.url, '/api/lessons/progress', {
      json: { lessonId: '1', positionMs: 1 },
      cookie,
      origin: 'https://evil.test',
    });
    expect(foreign.status).toBe(403);
    const form = await call(server.url, '/api/lessons/progress', { form: { lessonId: '1' }, cookie });
    expect(form.status).toBe(415);
    expect(await progressOf(cookie)).toEqual([]);
  });

  it('limits writes per person with 429', async () => {
    const cookie = await newLearner('Busy');
    const statuses: number[] = [];
    for (let index = 0; index < 125; index += 1) {
      statuses.push((await save(cookie, { lessonId: '1', positionMs: index })).status);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another person is not held back.
    expect((await save(await newLearner('Calm'), { lessonId: '1', positionMs: 1 })).status).toBe(200);
  });
});
