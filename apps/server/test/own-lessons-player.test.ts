import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { madeLesson, makeOwnLesson } from './support/own-lessons';
import { podcastAudio } from './support/podcast-audio';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * docs/decisions/046-own-lessons.md: in the player, where a learner is in an own lesson is kept in the account, as for
 * the series, and its transcript's sentences can be corrected.
 */

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

const makeLesson = async (cookie: string) => madeLesson(await makeOwnLesson(server, cookie, mp3));

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

describe('correcting a transcript sentence', () => {
  const correct = (cookie: string, json: unknown) => call(server.url, '/api/lessons/mine/sentence', { json, cookie });

  it('changes its words and its start between its neighbours; the player reads the change', async () => {
    const cookie = await person();
    const lesson = await makeLesson(cookie);
    const fixed = await correct(cookie, {
      id: lesson.id,
      index: 1,
      sentence: '  Fees really add up.  ',
      startMs: 6_500,
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect((fixed.data as GetLessonResponse).lesson.transcript[1]).toEqual({
      sentence: 'Fees really add up.',
      startMs: 6_500,
      isParagraphEnd: false,
    });
    const read = (await call(server.url, `/api/lessons/mine/${lesson.id}`, { cookie })).data as GetLessonResponse;
    expect(read.lesson.transcript[1]!.sentence).toBe('Fees really add up.');
    // Only the start: the words stay.
    await correct(cookie, { id: lesson.id, index: 1, startMs: 7_000 });
    const again = (await call(server.url, `/api/lessons/mine/${lesson.id}`, { cookie })).data as GetLessonResponse;
    expect(again.lesson.transcript[1]).toMatchObject({ sentence: 'Fees really add up.', startMs: 7_000 });
  });

  it('refuses a start out of order, a sentence not there, nothing to change, and another person’s lesson', async () => {
    const cookie = await person();
    const lesson = await makeLesson(cookie);
    const cases: [unknown, number, string][] = [
      [
        { id: lesson.id, index: 1, startMs: 9_000 },
        400,
        'This sentence must start between 0:00.0 and 0:08.0, so the sentences stay in order.',
      ],
      [{ id: lesson.id, index: 99, sentence: 'x' }, 400, 'That sentence is not in this lesson.'],
      [{ id: lesson.id, index: 1 }, 400, 'Send the corrected sentence or its start.'],
      [{ id: lesson.id, index: 1, sentence: '   ' }, 400, 'A sentence cannot be empty.'],
      [{ id: lesson.id, index: -1, sentence: 'x' }, 400, 'Send the number of the sentence.'],
    ];
    for (const [json, status, message] of cases) {
      const res = await correct(cookie, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect((res.data as { message: string }).message).toBe(message);
    }
    const other = await person();
    expect((await correct(other, { id: lesson.id, index: 0, sentence: 'Mine now.' })).status).toBe(404);
  });
});

describe('cards from an own lesson', () => {
  const generate = (cookie: string, source: unknown) =>
    call(server.url, '/api/cards/drafts/generate', { json: { source }, cookie });

  it('drafts from the sentence at a moment, with a source that opens the lesson there; not from another person’s', async () => {
    const cookie = await person();
    const lesson = await makeLesson(cookie);
    const res = await generate(cookie, { kind: 'lesson', lessonId: lesson.id, ms: 8_200 });
    expect(res.status, res.text).toBe(200);
    const drafts = (res.data as { drafts: { source: unknown }[] }).drafts;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts[0]!.source).toEqual({ kind: 'lesson', lessonId: lesson.id, ms: 8_000, label: 'Episode 12' });
    const other = await person();
    const refused = await generate(other, { kind: 'lesson', lessonId: lesson.id });
    expect(refused.status).toBe(404);
    expect((refused.data as { message: string }).message).toBe('Lesson not found!');
  });
});

describe('an upload over 500 MB', () => {
  it('is refused by its Content-Length before a byte is read, with the size in the message', async () => {
    const cookie = await person();
    const { hostname, port } = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/lessons/mine/audio',
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': String(600 * 1024 * 1024),
            cookie: `sid=${cookie}`,
            origin: server.url,
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => {
            // The rest of the promised body never comes: the connection is closed, not left for the server to wait on.
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      request.on('error', reject);
      request.write(Buffer.alloc(1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'payloadTooLarge',
      message: 'This audio file is over 500 MB. Choose a smaller file.',
    });
  });
});

describe('an own lesson in its owner’s search', () => {
  const search = async (cookie: string, q: string) =>
    (
      (await call(server.url, `/api/search?q=${encodeURIComponent(q)}`, { cookie })).data as {
        results: { kind: string; sourceId: string; title: string; startMs?: number }[];
      }
    ).results.filter((result) => result.kind === 'lesson');

  it('is found at the moment of its words, follows a rename and a correction, and leaves with the lesson', async () => {
    const cookie = await person();
    const lesson = await makeLesson(cookie);
    expect(await search(cookie, 'episode index funds')).toContainEqual(
      expect.objectContaining({ sourceId: lesson.id, title: 'Episode 12', startMs: 0 }),
    );
    await call(server.url, '/api/lessons/mine/rename', { json: { id: lesson.id, title: 'Fees, episode 12' }, cookie });
    expect((await search(cookie, 'episode index funds'))[0]).toMatchObject({ title: 'Fees, episode 12' });
    await call(server.url, '/api/lessons/mine/sentence', {
      json: { id: lesson.id, index: 4, sentence: 'Part 5 is about compounding interest.' },
      cookie,
    });
    expect(await search(cookie, 'compounding interest')).toContainEqual(
      expect.objectContaining({ sourceId: lesson.id, startMs: 16_000 }),
    );
    // The series' own lesson 1 matches too, for everyone; this one is its owner's alone.
    const ids = async (who: string) => (await search(who, 'compounding interest')).map((result) => result.sourceId);
    expect(await ids(await person())).not.toContain(lesson.id);
    await call(server.url, '/api/lessons/mine/delete', { json: { id: lesson.id }, cookie });
    expect(await ids(cookie)).not.toContain(lesson.id);
  });
});
