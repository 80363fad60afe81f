import { expect } from 'vitest';
import type { OwnLessonSummary, OwnLessonsResponse } from '@turtle/shared/own-lessons';
import { waitFor } from './conversations';
import { call } from './http';
import type { TestServer } from './test-server';

/** `POST /api/lessons/mine/text` (docs/decisions/049-voicing-own-lessons.md). */
export const makeTextLesson = (
  url: string,
  cookie: string,
  { title = 'Compound interest', text, format = 'text' }: { title?: string; text: string; format?: string },
) => call(url, '/api/lessons/mine/text', { json: { title, text, format }, cookie });

export async function listLessons(url: string, cookie: string): Promise<OwnLessonsResponse> {
  const res = await call(url, '/api/lessons/mine', { cookie });
  expect(res.status, res.text).toBe(200);
  return res.data as OwnLessonsResponse;
}

/** The lesson's card, polled until `done` says so (a lesson being made changes in the background). */
export async function waitForCard(
  server: TestServer | { url: string },
  cookie: string,
  id: string,
  done: (card: OwnLessonSummary | undefined) => boolean,
  timeoutMs = 60_000,
): Promise<OwnLessonSummary | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const card = (await listLessons(server.url, cookie)).lessons.find((lesson) => lesson.id === id);
    if (done(card)) return card;
    if (Date.now() > deadline) throw new Error(`card never settled: ${JSON.stringify(card)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const settled = (card: OwnLessonSummary | undefined) =>
  !card || card.status === 'ready' || card.status === 'failed';

/**
 * The voiced sentences' files still left, polled until none is or `timeoutMs` passes: a job removes them after the
 * transaction that ends it (docs/decisions/049-voicing-own-lessons.md), so a card may read "ready" or "failed" a moment
 * before the last of them is gone.
 */
export const piecesLeftAfterSettling = (list: () => Promise<string[]>, timeoutMs = 10_000): Promise<string[]> =>
  waitFor(list, (left) => left.length === 0, timeoutMs);
