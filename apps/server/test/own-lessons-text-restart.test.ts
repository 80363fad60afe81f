import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { killServer, prepareServerDatabase, useServerProcesses } from './support/server-process';
import { makeTextLesson, piecesLeftAfterSettling, settled, waitForCard } from './support/text-lessons';

/**
 * docs/decisions/049-voicing-own-lessons.md: a server killed (kill -9) in the middle of voicing a text leaves the job
 * running under its lease; started again, the server takes it up once the lease runs out and voices only the sentences
 * not yet voiced, and the lesson is made whole.
 */

const SENTENCES = Array.from({ length: 8 }, (_, index) => `This is sentence number ${index + 1} of the lesson.`);

const { start } = useServerProcesses();
let tempDir: string;
let speech: FakeSpeech;
beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-voicing-restart-'));
  speech = await startFakeSpeech();
});
afterAll(async () => {
  await speech.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

it('a restart in the middle of voicing resumes the job without voicing again what was done', async () => {
  const dataDir = path.join(tempDir, 'data');
  const { prepared: cookie, env: databaseEnv } = await prepareServerDatabase(dataDir, async (db) => {
    const user = await createUser(db, { name: 'Restarted' });
    return createSessionToken(db, user.id);
  });
  const env = {
    ...databaseEnv,
    TTS_BASE_URL: speech.baseUrl,
    TTS_MODEL: FAKE_SPEECH_MODEL,
    LESSON_JOB_LEASE_MS: '1500',
    LOG_LEVEL: 'warn',
  };
  speech.delayMs = 250;
  const first = await start(env);
  const made = await makeTextLesson(first.url, cookie, { text: SENTENCES.join(' ') });
  expect(made.status, made.text).toBe(200);
  const id = (made.data as { lesson: OwnLessonSummary }).lesson.id;
  const before = await waitForCard(first, cookie, id, (card) => (card?.progress?.done ?? 0) >= 3, 60_000);
  await killServer(first);
  const doneBefore = before!.progress!.done;
  expect(doneBefore).toBeLessThan(SENTENCES.length);

  speech.delayMs = 0;
  const second = await start(env);
  const card = await waitForCard(second, cookie, id, settled, 60_000);
  expect(card?.status, JSON.stringify(card)).toBe('ready');
  // What was voiced before the kill was asked for once only.
  for (const sentence of SENTENCES.slice(0, doneBefore)) {
    expect(speech.asked.filter((asked) => asked === sentence)).toHaveLength(1);
  }
  for (const sentence of SENTENCES) expect(speech.asked).toContain(sentence);
  const { lesson } = (await call(second.url, `/api/lessons/mine/${id}`, { cookie })).data as GetLessonResponse;
  let at = 0;
  lesson.transcript.forEach((entry, index) => {
    // Heard after the MP3's delay (the first from the start).
    expect(entry.startMs).toBe(index === 0 ? 0 : Math.round(((at + MP3_DELAY_SAMPLES) / FAKE_SPEECH_RATE) * 1000));
    at += fakeSamples(SENTENCES[index]!);
  });
  const audio = await fetch(`${second.url}${lesson.audioFile}`, { headers: { cookie: `sid=${cookie}` } });
  expect(audio.status).toBe(200);
  expect(fs.existsSync(path.join(dataDir, 'files', 'lesson-jobs'))).toBe(true);
  const pieces = async () =>
    fs
      .readdirSync(path.join(dataDir, 'files', 'lesson-jobs'), { recursive: true })
      .map(String)
      .filter((name) => /\/\d+$/.test(name));
  expect(await piecesLeftAfterSettling(pieces)).toEqual([]);
}, 180_000);
