import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import { cardOf, makeAudioLesson } from './support/audio-lessons';
import { createSessionToken, createUser } from './support/factories';
import { startFakeTranscription, type FakeTranscription } from './support/fake-transcription';
import { call } from './support/http';
import { podcastAudio } from './support/podcast-audio';
import { killServer, prepareServerDatabase, useServerProcesses } from './support/server-process';
import { settled, waitForCard } from './support/text-lessons';
import { waitFor } from './support/conversations';

/**
 * docs/decisions/051-transcribing-own-lessons.md: a server killed (kill -9) in the middle of transcribing leaves the job
 * running under its lease; started again, it takes the job up once the lease runs out, sends only the pieces not yet
 * transcribed, and the lesson is made whole, each sentence once.
 */

const { start } = useServerProcesses();
let tempDir: string;
let stt: FakeTranscription;
beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-transcribing-restart-'));
  stt = await startFakeTranscription();
});
afterAll(async () => {
  await stt.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

it('a restart in the middle of transcribing resumes the job without sending again what was done', async () => {
  const dataDir = path.join(tempDir, 'data');
  const { prepared: cookie, env: databaseEnv } = await prepareServerDatabase(dataDir, async (db) => {
    const user = await createUser(db, { name: 'Restarted' });
    return createSessionToken(db, user.id);
  });
  const env = {
    ...databaseEnv,
    ...stt.env(),
    LESSON_JOB_LEASE_MS: '1500',
    LOG_LEVEL: 'warn',
  };
  let openFirst = () => {};
  stt.gate = new Promise<void>((resolve) => (openFirst = resolve));
  const first = await start(env);
  const card = cardOf(await makeAudioLesson(first, cookie, await podcastAudio('mp3', 300)));
  await waitFor(
    async () => stt.requests.length,
    (asked) => asked >= 1,
  );
  // The first piece is answered; the second never is, on this process.
  stt.gate = new Promise(() => {});
  openFirst();
  const before = await waitForCard(first, cookie, card.id, (it) => (it?.progress?.done ?? 0) > 0);
  expect(before?.status).toBe('running');
  await killServer(first);
  expect(Math.round(before!.progress!.done / 1000)).toBe(120);

  stt.gate = null;
  const second = await start(env);
  const ready = await waitForCard(second, cookie, card.id, settled, 60_000);
  expect(ready?.status, JSON.stringify(ready)).toBe('ready');
  const [firstPiece, ...rest] = stt.requests.map((request) => request.sha1);
  // The piece transcribed before the kill was sent once; the one under way when it came, again.
  expect(rest).not.toContain(firstPiece);
  expect(new Set(stt.requests.map((request) => request.sha1)).size).toBe(3);
  const { lesson } = (await call(second.url, `/api/lessons/mine/${card.id}`, { cookie })).data as GetLessonResponse;
  expect(lesson.transcript).toHaveLength(30);
  lesson.transcript.forEach((entry, index) => expect(Math.abs(entry.startMs - index * 10_000)).toBeLessThan(30));
  const audio = await fetch(`${second.url}${lesson.audioFile}`, { headers: { cookie: `sid=${cookie}` } });
  expect(audio.status).toBe(200);
}, 180_000);
