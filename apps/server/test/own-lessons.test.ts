import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import type { OwnLessonsResponse, OwnLessonSummary, OwnLessonUpload } from '@turtle/shared/own-lessons';
import { ownLessonUploads } from '../src/db/schema';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { makeOwnLesson, uploadLessonAudio } from './support/own-lessons';
import { podcastAudio, podcastVtt } from './support/podcast-audio';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * docs/decisions/046-own-lessons.md: an audio file and its WebVTT or SRT transcript become a lesson of the learner's
 * own, streamed to the file store, probed by its bytes, played with ranges, private to its owner.
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
  return { ...user, cookie: await createSessionToken(server.database.db, user.id) };
}

const upload = (cookie: string, bytes: Uint8Array) => uploadLessonAudio(server, cookie, bytes);
const makeLesson = (cookie: string, audio: Uint8Array = mp3, transcript = podcastVtt(20), title = 'Episode 12') =>
  makeOwnLesson(server, cookie, audio, { transcript, title });

const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

describe('own lessons from audio and its transcript', () => {
  it('a podcast MP3 and its VTT make a lesson that lists, reads, plays with ranges and deletes', async () => {
    const me = await person();
    const sent = await upload(me.cookie, mp3);
    expect(sent.status).toBe(200);
    const audio = sent.data as OwnLessonUpload;
    expect(audio.contentType).toBe('audio/mpeg');
    expect(audio.durationMs).toBeGreaterThan(19_900);
    expect(audio.durationMs).toBeLessThan(20_200);

    const made = await call(server.url, '/api/lessons/mine', {
      json: { title: '  Episode 12  ', uploadId: audio.uploadId, transcript: podcastVtt(20) },
      cookie: me.cookie,
    });
    expect(made.status, made.text).toBe(200);
    const { lesson } = made.data as { lesson: OwnLessonSummary };
    expect(lesson).toMatchObject({ title: 'Episode 12', duration: '0:20', durationMs: audio.durationMs });

    const list = (await call(server.url, '/api/lessons/mine', { cookie: me.cookie })).data as OwnLessonsResponse;
    expect(list.lessons.map((row) => row.id)).toEqual([lesson.id]);
    expect(list.allowance).toEqual({
      lessons: { used: 1, max: 3 },
      audioMs: { used: audio.durationMs, max: 30 * 60_000 },
    });

    const read = await call(server.url, `/api/lessons/mine/${lesson.id}`, { cookie: me.cookie });
    const full = (read.data as GetLessonResponse).lesson;
    expect(full).toMatchObject({ ready: true, audioFile: `/api/lessons/mine/${lesson.id}/audio` });
    // Five cues of "Part n … we talk" / "about index funds. Fees add up.": sentences across cues are merged.
    expect(full.transcript.slice(0, 3)).toEqual([
      { sentence: 'Part 1 of the episode, where we talk about index funds.', startMs: 0, isParagraphEnd: false },
      { sentence: 'Fees add up.', startMs: expect.any(Number) as number, isParagraphEnd: false },
      { sentence: 'Part 3 of the episode, where we talk about index funds.', startMs: 8000, isParagraphEnd: false },
    ]);
    expect(full.transcript.at(-1)!.isParagraphEnd).toBe(true);

    const whole = await fetch(server.url + full.audioFile!, { headers: { cookie: `sid=${me.cookie}` } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp3)).toBe(true);
    const part = await fetch(server.url + full.audioFile!, {
      headers: { cookie: `sid=${me.cookie}`, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${mp3.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(100, 200))).toBe(true);
    const past = await fetch(server.url + full.audioFile!, {
      headers: { cookie: `sid=${me.cookie}`, range: `bytes=${mp3.length}-` },
    });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${mp3.length}`]);
    const etag = whole.headers.get('etag')!;
    const same = await fetch(server.url + full.audioFile!, {
      headers: { cookie: `sid=${me.cookie}`, 'if-none-match': etag },
    });
    expect(same.status).toBe(304);

    const renamed = await call(server.url, '/api/lessons/mine/rename', {
      json: { id: lesson.id, title: 'Fees, episode 12' },
      cookie: me.cookie,
    });
    expect((renamed.data as { lesson: OwnLessonSummary }).lesson.title).toBe('Fees, episode 12');

    const filesDir = (server.config.files as { dir: string }).dir;
    expect((await filesUnder(filesDir)).some((file) => file.includes(lesson.id) || file.includes(me.id))).toBe(true);
    const deleted = await call(server.url, '/api/lessons/mine/delete', { json: { id: lesson.id }, cookie: me.cookie });
    expect(deleted.status).toBe(200);
    expect((await filesUnder(filesDir)).filter((file) => file.includes(me.id))).toEqual([]);
    expect((await call(server.url, `/api/lessons/mine/${lesson.id}`, { cookie: me.cookie })).status).toBe(404);
    expect((await call(server.url, full.audioFile!, { cookie: me.cookie })).status).toBe(404);
  });

  it('plays M4A, Ogg Opus, WAV and WebM, and takes SRT', async () => {
    const me = await person();
    const srt = '1\n00:00:00,500 --> 00:00:02,000\nHello there.\n\n2\n00:00:02,500 --> 00:00:03,000\nGoodbye.\n';
    const kinds = { m4a: 'audio/mp4', ogg: 'audio/ogg', wav: 'audio/wav' } as const;
    for (const [format, type] of Object.entries(kinds)) {
      const sent = await upload(me.cookie, await podcastAudio(format as keyof typeof kinds, 3));
      expect(sent.status, format).toBe(200);
      expect((sent.data as OwnLessonUpload).contentType).toBe(type);
    }
    const webm = await upload(me.cookie, await podcastAudio('webm', 3));
    expect((webm.data as OwnLessonUpload).contentType).toBe('audio/webm');
    const made = await call(server.url, '/api/lessons/mine', {
      json: { title: 'Short', uploadId: (webm.data as OwnLessonUpload).uploadId, transcript: srt },
      cookie: me.cookie,
    });
    expect(made.status, made.text).toBe(200);
  });

  it('is its owner’s only: another person gets 404 for the lesson, its audio, rename and delete', async () => {
    const owner = await person();
    const other = await person();
    const { lesson } = (await makeLesson(owner.cookie)).data as { lesson: OwnLessonSummary };
    for (const res of [
      await call(server.url, `/api/lessons/mine/${lesson.id}`, { cookie: other.cookie }),
      await call(server.url, `/api/lessons/mine/${lesson.id}/audio`, { cookie: other.cookie }),
      await call(server.url, '/api/lessons/mine/rename', {
        json: { id: lesson.id, title: 'Mine' },
        cookie: other.cookie,
      }),
      await call(server.url, '/api/lessons/mine/delete', { json: { id: lesson.id }, cookie: other.cookie }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await call(server.url, '/api/lessons/mine', { cookie: other.cookie })).data).toMatchObject({ lessons: [] });
    expect((await call(server.url, '/api/lessons/mine')).status).toBe(401);
    expect((await upload('', mp3)).status).toBe(401);
  });
});

describe('the tutor on an own lesson', () => {
  it('reads the lesson’s own transcript with its times; another person’s lesson is not found', async () => {
    const owner = await person();
    const other = await person();
    const { lesson } = (await makeLesson(owner.cookie)).data as { lesson: OwnLessonSummary };
    const ask = (cookie: string) =>
      call(server.url, '/api/lesson/chat', {
        json: {
          lessonId: lesson.id,
          fullScript: 'The script the page sent.',
          currentSentence: 'Fees add up.',
          messages: [{ role: 'user', content: 'What adds up?' }],
        },
        cookie,
      });
    const answered = await ask(owner.cookie);
    expect(answered.status, answered.text).toBe(200);
    const { reply } = answered.data as { reply: string };
    expect(reply).toContain('“Episode 12”');
    // The server's transcript, with the moment each sentence is said: [00:04] is the first "Fees add up."
    expect(reply).toMatch(/\[00:0\d\] Fees add up\./);
    const refused = await ask(other.cookie);
    expect(refused.status).toBe(404);
    expect((refused.data as { message: string }).message).toBe('Lesson not found!');
  });
});

describe('own lessons: bad input', () => {
  it('refuses a file that is not audio whatever its name, and an empty one, keeping nothing', async () => {
    const me = await person();
    const before = await filesUnder((server.config.files as { dir: string }).dir);
    const html = await upload(me.cookie, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(400);
    expect((html.data as { message: string }).message).toBe(
      'This file is not audio we can play. Choose an MP3, M4A (AAC), Ogg or Opus, WAV or WebM file.',
    );
    expect((await upload(me.cookie, new Uint8Array(0))).status).toBe(400);
    const sent = await call(server.url, '/api/lessons/mine/audio', { json: { a: 1 }, cookie: me.cookie });
    expect(sent.status).toBe(415);
    expect(await filesUnder((server.config.files as { dir: string }).dir)).toEqual(before);
  });

  it('an upload cut off mid-way keeps nothing, and the server goes on', async () => {
    const me = await person();
    const root = (server.config.files as { dir: string }).dir;
    const before = await filesUnder(root);
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        hostname,
        port,
        method: 'POST',
        path: '/api/lessons/mine/audio',
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(mp3.length),
          cookie: `sid=${me.cookie}`,
          origin: server.url,
        },
      });
      request.on('error', () => resolve());
      request.write(mp3.subarray(0, 100_000), () => setTimeout(() => request.destroy(), 200));
      request.on('close', () => resolve());
    });
    await expect.poll(async () => filesUnder(root), { timeout: 5000 }).toEqual(before);
    expect(await server.database.db.select().from(ownLessonUploads).where(eq(ownLessonUploads.userId, me.id))).toEqual(
      [],
    );
    expect((await upload(me.cookie, mp3)).status).toBe(200);
  });

  it('refuses transcripts that cannot follow the audio, with what is wrong', async () => {
    const me = await person();
    const cases: [string, string][] = [
      ['Just some words.', 'not a WebVTT (.vtt) or SRT (.srt) file'],
      ['WEBVTT\n\n00:05.000 --> 00:06.000\nB\n\n00:01.000 --> 00:02.000\nA\n', 'Put the cues in order of time.'],
      ['WEBVTT\n\n00:01.000 --> 00:09.000\nA\n\n00:03.000 --> 00:10.000\nB\n', 'Cues must not overlap.'],
      ['WEBVTT\n\n00:01.000 --> 00:02.000\n\n', 'no cues with words'],
      [
        'WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\n01:00.000 --> 01:02.000\nB\n',
        'The transcript runs to 1:00, but the audio is 0:20 long.',
      ],
      ['WEBVTT\n\n00:01.000 --> 00:02.000\nbroken \uFFFD text\n', 'not valid UTF-8'],
    ];
    for (const [transcript, message] of cases) {
      const res = await makeLesson(me.cookie, mp3, transcript);
      expect(res.status, transcript).toBe(400);
      expect((res.data as { message: string }).message).toContain(message);
    }
    expect(
      ((await call(server.url, '/api/lessons/mine', { cookie: me.cookie })).data as OwnLessonsResponse).lessons,
    ).toEqual([]);
  });

  it('an upload makes one lesson only, and one left over an hour is gone with its file', async () => {
    const me = await person();
    const sent = (await upload(me.cookie, mp3)).data as OwnLessonUpload;
    const body = { title: 'Once', uploadId: sent.uploadId, transcript: podcastVtt(20) };
    expect((await call(server.url, '/api/lessons/mine', { json: body, cookie: me.cookie })).status).toBe(200);
    const again = await call(server.url, '/api/lessons/mine', { json: body, cookie: me.cookie });
    expect(again.status).toBe(404);
    expect((again.data as { message: string }).message).toBe(
      'The audio file is no longer here (uploads are kept for an hour). Choose it again.',
    );

    const stale = (await upload(me.cookie, mp3)).data as OwnLessonUpload;
    await server.database.db
      .update(ownLessonUploads)
      .set({ createdAt: Date.now() - 61 * 60_000 })
      .where(eq(ownLessonUploads.id, stale.uploadId));
    const late = await call(server.url, '/api/lessons/mine', {
      json: { ...body, uploadId: stale.uploadId },
      cookie: me.cookie,
    });
    expect(late.status).toBe(404);
    // The next upload (anyone's) sweeps it: its row and its file.
    await upload(me.cookie, mp3);
    const rows = await server.database.db
      .select()
      .from(ownLessonUploads)
      .where(eq(ownLessonUploads.id, stale.uploadId));
    expect(rows).toEqual([]);
    expect(
      (await filesUnder((server.config.files as { dir: string }).dir)).some((file) => file.endsWith(stale.uploadId)),
    ).toBe(false);
  });

  it('Free keeps three lessons: the fourth is refused with the upgrade, and its upload is kept for a retry', async () => {
    const me = await person();
    for (let n = 1; n <= 3; n += 1)
      expect((await makeLesson(me.cookie, mp3, podcastVtt(20), `Lesson ${n}`)).status).toBe(200);
    const fourth = await makeLesson(me.cookie, mp3, podcastVtt(20), 'Lesson 4');
    expect(fourth.status).toBe(403);
    expect(fourth.data).toEqual({
      code: 'lessonLimitReached',
      message: 'Your plan keeps 3 lessons of your own. Delete one, or upgrade to Pro for more.',
    });
    const list = (await call(server.url, '/api/lessons/mine', { cookie: me.cookie })).data as OwnLessonsResponse;
    expect(list.allowance.lessons).toEqual({ used: 3, max: 3 });
    const uploads = await server.database.db.select().from(ownLessonUploads).where(eq(ownLessonUploads.userId, me.id));
    expect(uploads).toHaveLength(1);
  });
});
