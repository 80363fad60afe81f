// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JUST_READ_MS, queryClient } from '../../../lib/query/query-client';
import { EMPTY_USER, useTurtleStore } from '../../../lib/turtle-store';
import { useLessonProgress } from './lesson-progress-store';
import { prefetchLessonProgress, syncLessonProgress } from './progress-sync';

const entry = (lessonId: string, positionMs: number, completed = false) => ({
  lessonId,
  positionMs,
  completed,
  updatedAt: 1,
});

/** The server's answers: each call is recorded, and each GET waits for the test to answer it. */
function fakeServer(progress: ReturnType<typeof entry>[]) {
  const calls: string[] = [];
  const pending: (() => void)[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    calls.push(`${init.method} ${path}`);
    const body = new Response(JSON.stringify({ progress }), { headers: { 'content-type': 'application/json' } });
    if (init.method !== 'GET') return Promise.resolve(body);
    return new Promise<Response>((resolve) => pending.push(() => resolve(body)));
  });
  return { calls, answerAll: () => pending.splice(0).forEach((answer) => answer()) };
}

/** Each test starts a minute after the last: a sync shared for JUST_READ_MS never reaches into the next test. */
let clock = Date.now();
beforeEach(() => {
  clock += 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  queryClient.clear();
  useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'ada', name: 'Ada' } });
  useLessonProgress.setState({ completed: {}, positions: {}, ownerId: 'ada' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('syncLessonProgress', () => {
  it('reads the account’s progress once when the list and the player ask together, and adopts it', async () => {
    const server = fakeServer([entry('2', 42_000, true)]);
    const both = Promise.all([syncLessonProgress(), syncLessonProgress()]);
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.answerAll();
    await both;
    expect(server.calls).toEqual(['GET /api/lessons/progress']);
    expect(useLessonProgress.getState()).toMatchObject({ completed: { '2': true }, positions: { '2': 42_000 } });
  });

  it('asks again on a later visit (another device may have moved on), not just after a sync', async () => {
    const server = fakeServer([entry('1', 5_000)]);
    for (let visit = 0; visit < 2; visit += 1) {
      // The prefetch's sync just ended counts for the screen that mounts after it; a visit after that asks again.
      if (visit > 0) {
        await syncLessonProgress();
        expect(server.calls).toHaveLength(1);
        vi.setSystemTime(Date.now() + JUST_READ_MS + 1);
      }
      const sync = syncLessonProgress();
      await vi.waitFor(() => expect(server.calls).toHaveLength(visit + 1));
      server.answerAll();
      await sync;
    }
    expect(server.calls).toEqual(['GET /api/lessons/progress', 'GET /api/lessons/progress']);
  });

  it('merges a copy made signed out up into the account, instead of reading', async () => {
    useLessonProgress.setState({ completed: { '3': true }, positions: {}, ownerId: undefined });
    const server = fakeServer([entry('3', 0, true)]);
    await syncLessonProgress();
    expect(server.calls).toEqual(['POST /api/lessons/progress/merge']);
    expect(useLessonProgress.getState().ownerId).toBe('ada');
  });

  it('reads, not merges, a copy made signed out that holds nothing (a new device)', async () => {
    useLessonProgress.setState({ completed: {}, positions: {}, ownerId: undefined });
    const server = fakeServer([entry('2', 7_000)]);
    const sync = syncLessonProgress();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.answerAll();
    await sync;
    expect(server.calls).toEqual(['GET /api/lessons/progress']);
    expect(useLessonProgress.getState()).toMatchObject({ ownerId: 'ada', positions: { '2': 7_000 } });
  });

  it('merges a signed-out copy once when the route’s prefetch and the player’s mount both sync', async () => {
    useLessonProgress.setState({ completed: { '3': true }, positions: {}, ownerId: undefined });
    const server = fakeServer([entry('3', 0, true)]);
    prefetchLessonProgress();
    await syncLessonProgress();
    expect(server.calls).toEqual(['POST /api/lessons/progress/merge']);
  });

  it('prefetches nothing before the status call has named the person, and forgets nothing either', async () => {
    useTurtleStore.setState({ user: EMPTY_USER });
    const server = fakeServer([]);
    prefetchLessonProgress();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toEqual([]);
    expect(useLessonProgress.getState().ownerId).toBe('ada');
  });

  it('drops an answer that arrives after the person signed out', async () => {
    const server = fakeServer([entry('4', 9_000, true)]);
    const sync = syncLessonProgress();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    useTurtleStore.setState({ user: EMPTY_USER });
    server.answerAll();
    await sync;
    expect(useLessonProgress.getState().completed).toEqual({});
  });
});
