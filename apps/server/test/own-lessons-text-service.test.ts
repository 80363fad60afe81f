import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import type { OwnLessonSummary } from '@turtle/shared/own-lessons';
import { MP3_DELAY_SAMPLES } from '../src/features/lessons/own/voicing/lesson-mp3';
import { createSessionToken, createUser } from './support/factories';
import {
  FAKE_SPEECH_MODEL,
  FAKE_SPEECH_RATE,
  fakeSamples,
  startFakeSpeech,
  type FakeSpeech,
} from './support/fake-speech';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';
import { listLessons, makeTextLesson, piecesLeftAfterSettling, settled, waitForCard } from './support/text-lessons';

/**
 * docs/decisions/049-voicing-own-lessons.md: with TTS_BASE_URL set, a text is voiced by that OpenAI-compatible
 * `/v1/audio/speech`. A service that fails, answers HTML or is too slow fails the lesson with a message, keeps nothing
 * and charges nothing; a lesson being made can be cancelled; the plan counts lessons being made.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SENTENCES = ['Fees add up.', 'Index funds keep them low.', 'Check the expense ratio.'];
const TEXT = SENTENCES.join(' ');

let speech: FakeSpeech;
let server: TestServer;
beforeAll(async () => {
  speech = await startFakeSpeech();
  server = await startTestServer({
    env: { TTS_BASE_URL: speech.baseUrl, TTS_MODEL: FAKE_SPEECH_MODEL, TTS_VOICE: 'af_bella', TTS_TIMEOUT_MS: '500' },
  });
});
afterAll(async () => {
  await server.close();
  await speech.close();
});
beforeEach(() => {
  speech.mode = 'speak';
  speech.delayMs = 0;
});

async function person() {
  const user = await createUser(server.database.db);
  return { user, cookie: await createSessionToken(server.database.db, user.id) };
}

async function jobFiles(userId: string): Promise<string[]> {
  if (server.config.files.kind !== 'local') return [];
  const root = path.join(server.config.files.dir, 'lesson-jobs', userId);
  return (await readdir(root, { recursive: true }).catch(() => []))
    .map(String)
    .filter((name) => /^[^/]+\/\d+$/.test(name));
}

const madeId = (res: { data: unknown }) => (res.data as { lesson: OwnLessonSummary }).lesson.id;

describe('a lesson from a text, voiced by a speech service', () => {
  it('asks the service for each sentence with its model and voice, and times the transcript by the audio it sent', async () => {
    const { cookie } = await person();
    const id = madeId(await makeTextLesson(server.url, cookie, { text: TEXT }));
    expect((await waitForCard(server, cookie, id, settled))?.status).toBe('ready');
    for (const sentence of SENTENCES) expect(speech.asked).toContain(sentence);
    const { lesson } = (await call(server.url, `/api/lessons/mine/${id}`, { cookie })).data as GetLessonResponse;
    // Each where the ones before end, heard after the MP3's delay.
    const ms = (samples: number) => Math.round(((samples + MP3_DELAY_SAMPLES) / FAKE_SPEECH_RATE) * 1000);
    expect(lesson.transcript.map((entry) => entry.startMs)).toEqual([
      0,
      ms(fakeSamples(SENTENCES[0]!)),
      ms(fakeSamples(SENTENCES[0]!) + fakeSamples(SENTENCES[1]!)),
    ]);
    expect((await listLessons(server.url, cookie)).allowance.audioMs.used).toBe(
      ms(SENTENCES.reduce((sum, sentence) => sum + fakeSamples(sentence), 0)),
    );
  });

  it.each([
    ['fails', 'fail', 'The speech service refused to voice the text (it answered 500).'],
    ['answers HTML', 'html', 'The speech service answered with text/html, not audio.'],
    ['is too slow', 'slow', 'The speech service took over 0.5 s to voice one sentence.'],
  ] as const)(
    'when the service %s: a clear message, no lesson, storage freed, nothing charged',
    async (_name, mode, message) => {
      const { user, cookie } = await person();
      // The first sentence voices; the second meets the fault.
      speech.delayMs = 50;
      const id = madeId(await makeTextLesson(server.url, cookie, { text: TEXT }));
      await waitForCard(server, cookie, id, (card) => (card?.progress?.done ?? 0) >= 1 || settled(card));
      speech.mode = mode;
      const card = await waitForCard(server, cookie, id, settled);
      expect(card?.status).toBe('failed');
      expect(card?.error).toBe(message);
      expect((await call(server.url, `/api/lessons/mine/${id}`, { cookie })).status).toBe(404);
      const list = await listLessons(server.url, cookie);
      expect(list.allowance).toMatchObject({ lessons: { used: 0 }, audioMs: { used: 0 } });
      expect(await piecesLeftAfterSettling(() => jobFiles(user.id))).toEqual([]);
      // Dismissed, it leaves the list.
      expect((await call(server.url, '/api/lessons/mine/delete', { json: { id }, cookie })).status).toBe(200);
      expect((await listLessons(server.url, cookie)).lessons).toEqual([]);
    },
  );

  it('is cancelled while voicing: it leaves the list, its voiced sentences are removed, and no lesson is made', async () => {
    const { user, cookie } = await person();
    speech.delayMs = 300;
    const id = madeId(await makeTextLesson(server.url, cookie, { text: TEXT }));
    await waitForCard(server, cookie, id, (card) => card?.status === 'running' && card.progress!.done >= 1);
    expect((await jobFiles(user.id)).length).toBeGreaterThanOrEqual(1);
    expect((await call(server.url, '/api/lessons/mine/delete', { json: { id }, cookie })).status).toBe(200);
    expect((await listLessons(server.url, cookie)).lessons).toEqual([]);
    // The sentence under way when cancelled is dropped too, once it comes back.
    expect(await piecesLeftAfterSettling(() => jobFiles(user.id))).toEqual([]);
    expect((await call(server.url, `/api/lessons/mine/${id}`, { cookie })).status).toBe(404);
    expect((await listLessons(server.url, cookie)).allowance.lessons.used).toBe(0);
  });

  it('counts lessons being made against the plan: Free queues three, the fourth is refused', async () => {
    const { cookie } = await person();
    speech.delayMs = 200;
    for (let index = 0; index < 3; index += 1) {
      const res = await makeTextLesson(server.url, cookie, { text: TEXT, title: `Lesson ${index}` });
      expect(res.status, res.text).toBe(200);
    }
    const fourth = await makeTextLesson(server.url, cookie, { text: TEXT, title: 'Lesson 3' });
    expect(fourth.status).toBe(403);
    expect(fourth.data).toMatchObject({
      code: 'lessonLimitReached',
      message: 'Your plan keeps 3 lessons of your own. Delete one, or upgrade to Pro for more.',
    });
    const list = await listLessons(server.url, cookie);
    expect(list.allowance.lessons.used).toBe(3);
    speech.delayMs = 0;
    for (const card of list.lessons)
      expect((await waitForCard(server, cookie, card.id, settled))?.status).toBe('ready');
  });
});
