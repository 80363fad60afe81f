import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GetLessonResponse } from '@turtle/shared/lesson';
import type { OwnLessonSummary } from '@turtle/shared/own-lessons';
import { ownLessonJobs } from '../src/db/schema';
import { MP3_DELAY_SAMPLES } from '../src/features/lessons/own/voicing/lesson-mp3';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';
import { listLessons, makeTextLesson, piecesLeftAfterSettling, settled, waitForCard } from './support/text-lessons';

/**
 * docs/decisions/049-voicing-own-lessons.md: a text becomes a lesson in the background, voiced sentence by sentence by
 * the embedded voice (eSpeak NG in a child process), each sentence starting where the ones before it end.
 */

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

const TEXT = [
  'Compound interest is interest on interest. It makes savings grow faster over time.',
  'Start early. Even small amounts add up!',
].join('\n\n');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function person() {
  const user = await createUser(server.database.db);
  return { user, cookie: await createSessionToken(server.database.db, user.id) };
}

/** Files left under the store's folder for lessons being made. */
async function jobFiles(): Promise<string[]> {
  if (server.config.files.kind !== 'local') return [];
  const root = path.join(server.config.files.dir, 'lesson-jobs');
  return (await readdir(root, { recursive: true }).catch(() => [])).filter((name) => /\/\d+$/.test(String(name)));
}

describe('a lesson from a text, voiced by the embedded voice', () => {
  it('is queued with its progress, becomes a ready lesson whose sentences start where the voice says them, and plays as MP3 with ranges', async () => {
    const { cookie } = await person();
    const made = await makeTextLesson(server.url, cookie, { text: TEXT });
    expect(made.status, made.text).toBe(200);
    const card = (made.data as { lesson: OwnLessonSummary }).lesson;
    expect(card.status).toBe('queued');
    expect(card.progress).toEqual({ done: 0, total: 4 });
    // Not playable before it is ready.
    expect((await call(server.url, `/api/lessons/mine/${card.id}`, { cookie })).status).toBe(404);

    const ready = await waitForCard(server, cookie, card.id, (c) => c?.status === 'ready' || c?.status === 'failed');
    expect(ready?.status, JSON.stringify(ready)).toBe('ready');
    const { lesson } = (await call(server.url, `/api/lessons/mine/${card.id}`, { cookie })).data as GetLessonResponse;
    expect(lesson.transcript.map((entry) => entry.sentence)).toEqual([
      'Compound interest is interest on interest.',
      'It makes savings grow faster over time.',
      'Start early.',
      'Even small amounts add up!',
    ]);
    expect(lesson.transcript.map((entry) => entry.isParagraphEnd)).toEqual([false, true, false, true]);
    // Each start is the sum of the sentences before it, to the sample.
    const [job] = await server.database.db.select().from(ownLessonJobs).where(eq(ownLessonJobs.id, card.id));
    expect(job!.state).toBe('ready');
    expect(job!.sampleRate).toBe(22050);
    let at = 0;
    lesson.transcript.forEach((entry, index) => {
      expect(entry.startMs).toBe(index === 0 ? 0 : Math.round(((at + MP3_DELAY_SAMPLES) / 22050) * 1000));
      at += job!.pieces[index]!;
    });
    expect(lesson.transcript[1]!.startMs).toBeGreaterThan(1000);
    // Each sentence voiced on its own: four lengths, not one answer repeated.
    expect(new Set(job!.pieces).size).toBe(4);

    const audio = await fetch(`${server.url}${lesson.audioFile}`, { headers: { cookie: `sid=${cookie}` } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await audio.arrayBuffer());
    const { format } = await parseBuffer(bytes, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format.container).toBe('MPEG');
    expect(format.duration! * 1000).toBeGreaterThan((at / 22050) * 1000 - 100);
    expect(format.duration! * 1000).toBeLessThan((at / 22050) * 1000 + 200);
    // Compact: 48 kbit/s, about a ninth of the samples' bytes.
    expect(bytes.length).toBeLessThan(at * 2 * 0.2);
    const part = await fetch(`${server.url}${lesson.audioFile}`, {
      headers: { cookie: `sid=${cookie}`, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const list = await listLessons(server.url, cookie);
    expect(list.lessons.map((l) => [l.title, l.status])).toEqual([['Compound interest', 'ready']]);
    expect(list.allowance.audioMs.used).toBe(Math.round(((at + MP3_DELAY_SAMPLES) / 22050) * 1000));
    expect(await piecesLeftAfterSettling(jobFiles)).toEqual([]);
  });

  it('takes markdown to its plain sentences: headings said, code and HTML left out', async () => {
    const { cookie } = await person();
    const markdown =
      '# Saving\n\nPut **ten percent** aside. See [the guide](https://example.test).\n\n```\nx = 1\n```\n\n- Pay yourself first\n';
    const made = await makeTextLesson(server.url, cookie, { text: markdown, format: 'markdown', title: 'Saving' });
    expect(made.status, made.text).toBe(200);
    const id = (made.data as { lesson: OwnLessonSummary }).lesson.id;
    expect((await waitForCard(server, cookie, id, settled))?.status).toBe('ready');
    const { lesson } = (await call(server.url, `/api/lessons/mine/${id}`, { cookie })).data as GetLessonResponse;
    expect(lesson.transcript.map((entry) => entry.sentence)).toEqual([
      'Saving.',
      'Put ten percent aside.',
      'See the guide.',
      'Pay yourself first',
    ]);
  });

  it('refuses a text with no words, and keeps another person from its lesson being made', async () => {
    const { cookie } = await person();
    const empty = await makeTextLesson(server.url, cookie, { text: '```\ncode only\n```', format: 'markdown' });
    expect(empty.status).toBe(400);
    expect((empty.data as { message: string }).message).toBe(
      'This text has no words to voice. Paste the text of the lesson.',
    );
    const made = await makeTextLesson(server.url, cookie, { text: TEXT });
    const id = (made.data as { lesson: OwnLessonSummary }).lesson.id;
    const other = await person();
    expect((await listLessons(server.url, other.cookie)).lessons).toEqual([]);
    const cancel = await call(server.url, '/api/lessons/mine/delete', { json: { id }, cookie: other.cookie });
    expect(cancel.status).toBe(404);
    expect((await waitForCard(server, cookie, id, settled))?.status).toBe('ready');
  });
});
