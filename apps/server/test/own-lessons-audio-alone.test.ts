import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import { OWN_LESSON_MESSAGES, jobProgressText } from '@turtle/shared/own-lessons';
import { createSessionToken, createUser } from './support/factories';
import { cardOf, makeAudioLesson } from './support/audio-lessons';
import { FAKE_STT_MODEL, startFakeTranscription, type FakeTranscription } from './support/fake-transcription';
import { call } from './support/http';
import { podcastAudio } from './support/podcast-audio';
import { startTestServer, type TestServer } from './support/test-server';
import { listLessons, settled, waitForCard } from './support/text-lessons';
import { waitFor } from './support/conversations';

/**
 * docs/decisions/051-transcribing-own-lessons.md: an audio file alone becomes a lesson, transcribed in the background by
 * the configured OpenAI-compatible speech-to-text, two minutes of an MP3 or an Ogg at a time with the progress on its card. A
 * service that fails, answers HTML or is too slow leaves no lesson, no charge and no file; another person's job is 404;
 * a job can be cancelled; without a service the way in is refused.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let stt: FakeTranscription;
let server: TestServer;
let episode: Buffer;
beforeAll(async () => {
  stt = await startFakeTranscription();
  server = await startTestServer({ env: { ...stt.env(), STT_TIMEOUT_MS: '1000' } });
  episode = await podcastAudio('mp3', 300);
});
afterAll(async () => {
  await server?.close();
  await stt.close();
});
beforeEach(() => {
  stt.mode = 'transcribe';
  stt.gate = null;
});

async function person() {
  const user = await createUser(server.database.db);
  return { user, cookie: await createSessionToken(server.database.db, user.id) };
}

/** The files of the person's lessons left in the store (the uploaded audio is kept there until it is a lesson). */
async function filesOf(userId: string): Promise<string[]> {
  if (server.config.files.kind !== 'local') return [];
  return (await readdir(path.join(server.config.files.dir, 'lessons', userId)).catch(() => [])).map(String);
}

/**
 * Lets the first piece's answer go once the first piece is asked for, holds the second's, and reads the card between
 * the two: the job's progress after one piece, and the release of the rest.
 */
async function betweenFirstTwoPieces(cookie: string, cardId: string, before: number, releaseFirst: () => void) {
  await waitFor(
    async () => stt.requests.length - before,
    (asked) => asked >= 1,
  );
  releaseFirst();
  const halfway = gate();
  await waitFor(
    async () => stt.requests.length - before,
    (asked) => asked >= 2,
  );
  const running = await waitForCard(server, cookie, cardId, (it) => (it?.progress?.done ?? 0) > 0);
  return { running, halfway };
}

function gate() {
  let open = () => {};
  stt.gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    stt.gate = null;
    open();
  };
}

describe('a lesson from audio alone', () => {
  it('is transcribed two minutes at a time, shows how far on its card, and plays with the sentences at their times', async () => {
    const { cookie } = await person();
    const release = gate();
    const before = stt.requests.length;
    const card = cardOf(await makeAudioLesson(server, cookie, episode));
    expect(card).toMatchObject({
      status: 'queued',
      duration: '5:00',
      progress: { done: 0, of: 'audio' },
    });
    // The length probed from the file (ffmpeg's MP3 runs a few ms over the five minutes asked for).
    expect(Math.round(card.progress!.total / 1000)).toBe(300);
    // The first piece answered once the second is asked for: the card says two minutes of five.
    const { running, halfway } = await betweenFirstTwoPieces(cookie, card.id, before, release);
    expect(running?.status).toBe('running');
    expect(Math.round(running!.progress!.done / 1000)).toBe(120);
    expect(jobProgressText(running!)).toBe('Transcribing 2:00 of 5:00');
    halfway();
    const ready = await waitForCard(server, cookie, card.id, settled);
    expect(ready?.status, JSON.stringify(ready)).toBe('ready');

    const sent = stt.requests.slice(before);
    expect(sent.map((request) => [request.model, request.fileName, Math.round(request.seconds)])).toEqual([
      [FAKE_STT_MODEL, 'audio.mp3', 120],
      [FAKE_STT_MODEL, 'audio.mp3', 120],
      [FAKE_STT_MODEL, 'audio.mp3', 60],
    ]);
    const { lesson } = (await call(server.url, `/api/lessons/mine/${card.id}`, { cookie })).data as GetLessonResponse;
    expect(lesson.transcript).toHaveLength(30);
    // A sentence every 10 s of each piece, placed at the piece's start (a frame of 26 ms at most after two minutes).
    lesson.transcript.forEach((entry, index) => {
      expect(entry.sentence).toMatch(/^Sentence \d+ was said here\.$/);
      expect(Math.abs(entry.startMs - index * 10_000)).toBeLessThan(30);
    });
    expect((await listLessons(server.url, cookie)).allowance.audioMs.used).toBe(card.progress!.total);
    const audio = await fetch(`${server.url}${lesson.audioFile}`, { headers: { cookie: `sid=${cookie}` } });
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(episode)).toBe(true);
  });

  it('cuts an Ogg Opus recording into pieces too, its card moving on between them', async () => {
    const { cookie } = await person();
    const release = gate();
    const before = stt.requests.length;
    const card = cardOf(await makeAudioLesson(server, cookie, await podcastAudio('ogg', 300)));
    const { running, halfway } = await betweenFirstTwoPieces(cookie, card.id, before, release);
    expect(running?.status).toBe('running');
    // Cut at the first page after two minutes (ffmpeg writes a page a second).
    expect(running!.progress!.done).toBeGreaterThanOrEqual(120_000);
    expect(running!.progress!.done).toBeLessThan(122_000);
    expect(jobProgressText(running!)).toMatch(/^Transcribing 2:0[01] of 5:00$/);
    halfway();
    const ready = await waitForCard(server, cookie, card.id, settled);
    expect(ready?.status, JSON.stringify(ready)).toBe('ready');
    const sent = stt.requests.slice(before);
    expect(sent.map((request) => [request.fileName, Math.round(request.seconds / 10)])).toEqual([
      ['audio.ogg', 12],
      ['audio.ogg', 12],
      ['audio.ogg', 6],
    ]);
    expect(Math.abs(sent.reduce((total, request) => total + request.seconds, 0) - 300)).toBeLessThan(0.1);
  });

  for (const [mode, message] of [
    ['fail', 'The speech-to-text service refused the audio (it answered 500).'],
    ['html', 'The speech-to-text service answered with text/html, not JSON.'],
    ['hang', 'The speech-to-text service took over 1 s to transcribe a piece of the audio.'],
  ] as const) {
    it(`a service that ${mode === 'fail' ? 'fails' : mode === 'html' ? 'answers HTML' : 'hangs'} leaves no lesson, no charge and no file`, async () => {
      const { user, cookie } = await person();
      stt.mode = mode;
      const card = cardOf(await makeAudioLesson(server, cookie, episode));
      const failed = await waitForCard(server, cookie, card.id, settled);
      expect(failed).toMatchObject({ status: 'failed', error: message });
      expect((await call(server.url, `/api/lessons/mine/${card.id}`, { cookie })).status).toBe(404);
      const { allowance, lessons } = await listLessons(server.url, cookie);
      expect(allowance.lessons.used).toBe(0);
      expect(allowance.audioMs.used).toBe(0);
      expect(lessons).toHaveLength(1);
      expect(
        await waitFor(
          () => filesOf(user.id),
          (left) => left.length === 0,
        ),
      ).toEqual([]);
      // Dismissed, the card goes.
      expect((await call(server.url, '/api/lessons/mine/delete', { json: { id: card.id }, cookie })).status).toBe(200);
      expect((await listLessons(server.url, cookie)).lessons).toEqual([]);
    });
  }

  it('is cancelled while being transcribed: the card goes, the audio is freed, and no lesson is made', async () => {
    const { user, cookie } = await person();
    const release = gate();
    const before = stt.requests.length;
    const card = cardOf(await makeAudioLesson(server, cookie, episode));
    await waitFor(
      async () => stt.requests.length - before,
      (asked) => asked >= 1,
    );
    expect((await call(server.url, '/api/lessons/mine/delete', { json: { id: card.id }, cookie })).status).toBe(200);
    expect((await listLessons(server.url, cookie)).lessons).toEqual([]);
    expect(await filesOf(user.id)).toEqual([]);
    release();
    // The worker does one job at a time: once the next is made, it has let the cancelled one go after its piece.
    const next = await person();
    const nextCard = cardOf(await makeAudioLesson(server, next.cookie, episode));
    expect((await waitForCard(server, next.cookie, nextCard.id, settled))?.status).toBe('ready');
    expect(stt.requests.length - before).toBe(1 + 3);
    expect((await call(server.url, `/api/lessons/mine/${card.id}`, { cookie })).status).toBe(404);
    expect((await listLessons(server.url, cookie)).allowance.lessons.used).toBe(0);
  });

  it('goes with its audio when the account is deleted while it is being transcribed', async () => {
    const { user, cookie } = await person();
    const release = gate();
    const before = stt.requests.length;
    cardOf(await makeAudioLesson(server, cookie, episode));
    await waitFor(
      async () => stt.requests.length - before,
      (asked) => asked >= 1,
    );
    expect(await filesOf(user.id)).toHaveLength(1);
    const deleted = await call(server.url, '/api/account/delete', { json: { confirmation: user.email }, cookie });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await filesOf(user.id)).toEqual([]);
    release();
  });

  it("is another person's to see, cancel or play: 404 for anyone else", async () => {
    const owner = await person();
    const other = await person();
    const release = gate();
    const card = cardOf(await makeAudioLesson(server, owner.cookie, episode));
    expect((await listLessons(server.url, other.cookie)).lessons).toEqual([]);
    expect((await call(server.url, `/api/lessons/mine/${card.id}`, { cookie: other.cookie })).status).toBe(404);
    const cancel = await call(server.url, '/api/lessons/mine/delete', { json: { id: card.id }, cookie: other.cookie });
    expect(cancel.status).toBe(404);
    release();
    expect((await waitForCard(server, owner.cookie, card.id, settled))?.status).toBe('ready');
    expect((await call(server.url, `/api/lessons/mine/${card.id}/audio`, { cookie: other.cookie })).status).toBe(404);
  });

  it("takes only the person's own upload, once, and checks the plan with the audio's length", async () => {
    const owner = await person();
    const other = await person();
    const sent = await call(server.url, '/api/lessons/mine/audio', {
      body: episode,
      contentType: 'application/octet-stream',
      cookie: owner.cookie,
    });
    const { uploadId } = sent.data as { uploadId: string };
    const stolen = await call(server.url, '/api/lessons/mine/transcribe', {
      json: { title: 'Mine now', uploadId },
      cookie: other.cookie,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.data).toMatchObject({ message: OWN_LESSON_MESSAGES.uploadGone });
    const made = await call(server.url, '/api/lessons/mine/transcribe', {
      json: { title: 'Mine', uploadId },
      cookie: owner.cookie,
    });
    expect(made.status, made.text).toBe(200);
    const again = await call(server.url, '/api/lessons/mine/transcribe', {
      json: { title: 'Twice', uploadId },
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);
    await waitForCard(server, owner.cookie, cardOf(made).id, settled);
  });
});

describe('without a speech-to-text service', () => {
  it('refuses a lesson from audio alone with how to set one up, and keeps the upload', async () => {
    const bare = await startTestServer();
    try {
      const user = await createUser(bare.database.db);
      const cookie = await createSessionToken(bare.database.db, user.id);
      expect((await listLessons(bare.url, cookie)).transcription).toBe(false);
      const refused = await makeAudioLesson(bare, cookie, await podcastAudio('mp3', 5));
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({ code: 'conflict', message: OWN_LESSON_MESSAGES.noTranscription });
      expect(OWN_LESSON_MESSAGES.noTranscription).toMatch(/STT_BASE_URL/);
      expect((await listLessons(bare.url, cookie)).lessons).toEqual([]);
    } finally {
      await bare.close();
    }
    expect((await listLessons(server.url, (await person()).cookie)).transcription).toBe(true);
  });
});
