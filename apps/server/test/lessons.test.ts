import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LESSON_DURATIONS, LESSON_SERIES_TITLE } from '@turtle/shared/constants';
import type { ListLessonsResponse } from '@turtle/shared/lesson';
import { loadLessonCatalog } from '../src/core/lessons/lesson-catalog';
import { call } from './support/http';
import { FIXTURES, lessonOf, useLessonServer } from './support/lessons';

// The lessons, their audio and transcripts; lesson-tutor.test.ts: the tutor beside them.

const AUDIO_SIZE = fs.statSync(path.join(FIXTURES, 'audio/lesson-1.mp3')).size;

const server = useLessonServer();

const getLesson = (id: string) => lessonOf(server.url, id);
const range = (url: string, value: string, headers: Record<string, string> = {}) =>
  fetch(server.url + url, { headers: { range: value, ...headers } });

describe('lesson API', () => {
  it('lists the seven lessons with the series, durations and readiness, without transcripts', async () => {
    const response = await call(server.url, '/api/lessons');
    expect(response.status).toBe(200);
    const { series, lessons } = response.data as ListLessonsResponse;
    expect(series).toEqual({ title: LESSON_SERIES_TITLE, numberOfLessons: 7 });
    expect(lessons.map((lesson) => lesson.id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(lessons.map((lesson) => lesson.duration)).toEqual([...LESSON_DURATIONS]);
    expect(lessons[0]).toEqual({
      id: '1',
      title: 'A test lesson',
      duration: '3:37',
      ready: true,
      audioFile: expect.stringMatching(/^\/media\/lessons\/lesson-1\.[0-9a-f]{16}\.mp3$/),
      captionsFile: '/api/lessons/1/transcript.vtt',
    });
    // A script without audio is listed, not ready; without a script the title says which lesson it is.
    expect(lessons[1]).toMatchObject({ title: 'Listed but without audio', ready: false, audioFile: null });
    expect(lessons[4]).toMatchObject({ title: 'Lesson 5', ready: false, captionsFile: null });
    expect(lessons.some((lesson) => 'transcript' in lesson)).toBe(false);
  });

  it('answers one lesson with its transcript', async () => {
    const lesson = await getLesson('1');
    expect(lesson.transcript).toHaveLength(4);
    expect(lesson.transcript[1]).toEqual({
      sentence: 'An index fund holds many stocks at once.',
      startMs: 2280,
      isParagraphEnd: true,
    });
    expect((await getLesson('4')).transcript).toEqual([]);
  });

  it('answers 404 JSON "Lesson not found!" for an unknown id', async () => {
    for (const id of ['99', '0', 'abc', '1.5']) {
      const response = await call(server.url, `/api/lessons/${id}`);
      expect(response.status).toBe(404);
      expect(response.data).toEqual({ code: 'notFound', message: 'Lesson not found!' });
    }
    expect((await call(server.url, '/api/lessons/99/transcript.vtt')).status).toBe(404);
  });

  it('is never cached under /api', async () => {
    expect((await call(server.url, '/api/lessons')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('lesson audio', () => {
  let audioFile: string;
  beforeAll(async () => {
    audioFile = (await getLesson('1')).audioFile!;
  });

  it('sends the whole file with a content hash URL, long cache headers and an ETag', async () => {
    const response = await fetch(server.url + audioFile);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-length')).toBe(String(AUDIO_SIZE));
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(fs.readFileSync(path.join(FIXTURES, 'audio/lesson-1.mp3')))).toBe(true);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(audioFile).toContain(etag.slice(1, -1));
    expect((await fetch(server.url + audioFile, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers a range with 206 and the exact bytes and Content-Range', async () => {
    const whole = fs.readFileSync(path.join(FIXTURES, 'audio/lesson-1.mp3'));
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, AUDIO_SIZE - 1],
      ['bytes=-500', AUDIO_SIZE - 500, AUDIO_SIZE - 1],
      [`bytes=1000-${AUDIO_SIZE + 5000}`, 1000, AUDIO_SIZE - 1],
      [`bytes=${AUDIO_SIZE - 1}-`, AUDIO_SIZE - 1, AUDIO_SIZE - 1],
    ];
    for (const [header, start, end] of cases) {
      const response = await range(audioFile, header);
      expect(response.status, header).toBe(206);
      expect(response.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${AUDIO_SIZE}`);
      expect(response.headers.get('content-length'), header).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(start, end + 1)), header).toBe(true);
    }
  });

  it('answers 416 with the size for a range past the end', async () => {
    for (const header of [`bytes=${AUDIO_SIZE}-`, `bytes=${AUDIO_SIZE + 10}-${AUDIO_SIZE + 20}`, 'bytes=-0']) {
      const response = await range(audioFile, header);
      expect(response.status, header).toBe(416);
      expect(response.headers.get('content-range'), header).toBe(`bytes */${AUDIO_SIZE}`);
      await response.body?.cancel();
    }
  });

  it('ignores a malformed range, and a range for another version (If-Range)', async () => {
    for (const [header, extra] of [
      ['bytes=50-10', {}],
      ['items=0-5', {}],
      ['bytes=0-5', { 'if-range': '"another-version"' }],
    ] as const) {
      const response = await range(audioFile, header, extra);
      expect(response.status, header).toBe(200);
      expect(response.headers.get('content-length')).toBe(String(AUDIO_SIZE));
      await response.body?.cancel();
    }
  });

  it('answers 404 for another file name or an old hash', async () => {
    expect((await fetch(`${server.url}/media/lessons/lesson-1.0000000000000000.mp3`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/lessons/lesson-2.mp3`)).status).toBe(404);
  });
});

describe('transcript as WebVTT', () => {
  it('has one cue a sentence, from its start to the next one, the last to the listed duration', async () => {
    const response = await call(server.url, '/api/lessons/1/transcript.vtt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(response.text).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:00.000 --> 00:00:02.280',
        'Welcome to the test lesson.',
        '',
        '2',
        '00:00:02.280 --> 00:00:06.210',
        'An index fund holds many stocks at once.',
        '',
        '3',
        '00:00:06.210 --> 00:00:08.979',
        'Diversification spreads your risk.',
        '',
        '4',
        '00:00:08.979 --> 00:03:37.000',
        'Fees matter over many years.',
        '',
      ].join('\n'),
    );
  });

  it('is 404 for a lesson that is not ready', async () => {
    expect((await call(server.url, '/api/lessons/4/transcript.vtt')).status).toBe(404);
  });
});

describe('the repository content', () => {
  it('loads lessons 1-3 ready when the lesson build has run', async () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content/lessons');
    if (!fs.existsSync(path.join(dir, 'transcripts'))) return;
    const catalog = await loadLessonCatalog(dir);
    expect(catalog.lessons.map(({ lesson }) => lesson.ready)).toEqual([true, true, true, false, false, false, false]);
    for (const { lesson } of catalog.lessons) expect(lesson.title).not.toMatch(/^Lesson \d$/);
  });
});
