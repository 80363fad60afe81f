import { describe, expect, it } from 'vitest';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();

async function newLearner(name: string): Promise<string> {
  const db = server.database.db;
  return createSessionToken(db, (await createUser(db, { name })).id);
}
const progressOf = async (cookie: string) =>
  ((await call(server.url, '/api/lessons/progress', { cookie })).data as { progress: LessonProgressEntry[] }).progress;
const save = (cookie: string, json: unknown) => call(server.url, '/api/lessons/progress', { json, cookie });
const merge = (cookie: string, json: unknown) => call(server.url, '/api/lessons/progress/merge', { json, cookie });

describe('lesson progress in the account', () => {
  it('starts empty, keeps a position and a completed mark, and keeps what a write does not name', async () => {
    const cookie = await newLearner('Lea');
    expect(await progressOf(cookie)).toEqual([]);
    expect((await save(cookie, { lessonId: '2', positionMs: 61_500 })).status).toBe(200);
    expect(await progressOf(cookie)).toEqual([
      { lessonId: '2', positionMs: 61_500, completed: false, updatedAt: expect.any(Number) },
    ]);
    const done = await save(cookie, { lessonId: '2', completed: true });
    expect((done.data as { progress: LessonProgressEntry[] }).progress).toEqual([
      { lessonId: '2', positionMs: 61_500, completed: true, updatedAt: expect.any(Number) },
    ]);
    await save(cookie, { lessonId: '2', positionMs: 0 });
    expect((await progressOf(cookie))[0]).toMatchObject({ positionMs: 0, completed: true });
    await save(cookie, { lessonId: '2', completed: false });
    expect((await progressOf(cookie))[0]).toMatchObject({ positionMs: 0, completed: false });
  });

  it('keeps each learner\u2019s progress apart', async () => {
    const alice = await newLearner('Alice');
    const bob = await newLearner('Bob');
    await save(alice, { lessonId: '1', positionMs: 5_000, completed: true });
    expect(await progressOf(bob)).toEqual([]);
    await merge(bob, { lessons: [{ lessonId: '1', positionMs: 9_000, completed: false }] });
    expect((await progressOf(alice))[0]).toMatchObject({ lessonId: '1', positionMs: 5_000, completed: true });
    expect((await progressOf(bob))[0]).toMatchObject({ lessonId: '1', positionMs: 9_000, completed: false });
  });

  it('merges a device\u2019s copy: done on either side stays done, a position only fills an empty one', async () => {
    const cookie = await newLearner('Merger');
    await save(cookie, { lessonId: '1', positionMs: 30_000 });
    await save(cookie, { lessonId: '3', completed: true });
    const merged = await merge(cookie, {
      lessons: [
        { lessonId: '1', positionMs: 90_000, completed: true },
        { lessonId: '2', positionMs: 12_000, completed: false },
        { lessonId: '3', positionMs: 45_000, completed: false },
      ],
    });
    expect(merged.status).toBe(200);
    const byId = Object.fromEntries(
      (merged.data as { progress: LessonProgressEntry[] }).progress.map((entry) => [entry.lessonId, entry]),
    );
    expect(byId['1']).toMatchObject({ positionMs: 30_000, completed: true });
    expect(byId['2']).toMatchObject({ positionMs: 12_000, completed: false });
    expect(byId['3']).toMatchObject({ positionMs: 45_000, completed: true });
    // The same copy merged again changes nothing.
    await merge(cookie, { lessons: [{ lessonId: '1', positionMs: 1_000, completed: false }] });
    expect((await progressOf(cookie)).find((entry) => entry.lessonId === '1')).toMatchObject({
      positionMs: 30_000,
      completed: true,
    });
  });

  it('merges a list that names one lesson twice without a database error', async () => {
    const cookie = await newLearner('Twice');
    const res = await merge(cookie, {
      lessons: [
        { lessonId: '1', positionMs: 1_000, completed: false },
        { lessonId: '1', positionMs: 2_000, completed: true },
      ],
    });
    expect(res.status).toBe(200);
    expect(await progressOf(cookie)).toEqual([
      { lessonId: '1', positionMs: 2_000, completed: true, updatedAt: expect.any(Number) },
    ]);
  });

  it('refuses bad input with 400 and a message naming the field', async () => {
    const cookie = await newLearner('Bad input');
    const cases: [unknown, string][] = [
      [{ lessonId: '9', positionMs: 1 }, 'Lesson not found!'],
      [{ lessonId: 1, positionMs: 1 }, 'Send the id of the lesson.'],
      [{ lessonId: '1' }, 'Send a position, a completed mark, or both.'],
      [{ lessonId: '1', positionMs: -5 }, 'A position cannot be negative.'],
      [{ lessonId: '1', positionMs: 1.5 }, 'A position must be a whole number of milliseconds.'],
      [{ lessonId: '1', positionMs: 4_000_000 }, 'That position is past the end of every lesson.'],
      [{ lessonId: '1', completed: 'yes' }, 'Completed must be true or false.'],
      [{ lessonId: '1\u0000', completed: true }, 'Text cannot contain the NUL character (U+0000).'],
    ];
    for (const [body, message] of cases) {
      const res = await save(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.data as { message: string }).message).toBe(message);
    }
    const tooMany = Array.from({ length: 8 }, () => ({ lessonId: '1', positionMs: 0, completed: false }));
    expect((await merge(cookie, { lessons: tooMany })).status).toBe(400);
    expect((await merge(cookie, { lessons: 'all' })).status).toBe(400);
    expect((await merge(cookie, {})).status).toBe(400);
    expect(await progressOf(cookie)).toEqual([]);
  });

  it('needs a session, a JSON body and our own origin', async () => {
    expect((await call(server.url, '/api/lessons/progress')).status).toBe(401);
    expect((await save('', { lessonId: '1', completed: true })).status).toBe(401);
    expect((await merge('', { lessons: [] })).status).toBe(401);
    const cookie = await newLearner('Origin');
    const foreign = await call(server.url, '/api/lessons/progress', {
      json: { lessonId: '1', completed: true },
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
