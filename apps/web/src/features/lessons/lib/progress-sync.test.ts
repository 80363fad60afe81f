// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLessonCompleted, useLessonProgress } from '../../../lib/lessons/lesson-progress-store';
import { JUST_READ_MS, queryClient } from '../../../lib/query/query-client';
import { EMPTY_USER, useTurtleStore } from '../../../lib/turtle-store';
import { prefetchLessonProgress, saveLessonPosition, syncLessonProgress } from './progress-sync';

/** One lesson's position as the account answers it: positions only, no completed mark (product.md §2). */
const entry = (lessonId: string, positionMs: number) => ({ lessonId, positionMs, updatedAt: 1 });

/** The server's answers: each call is recorded (with its body), and each GET waits for the test to answer it. */
function fakeServer(progress: ReturnType<typeof entry>[]) {
  const calls: string[] = [];
  const bodies: string[] = [];
  const pending: (() => void)[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    calls.push(`${init.method} ${path}`);
    if (typeof init.body === 'string') bodies.push(init.body);
    const body = new Response(JSON.stringify({ progress }), { headers: { 'content-type': 'application/json' } });
    if (init.method !== 'GET') return Promise.resolve(body);
    return new Promise<Response>((resolve) => pending.push(() => resolve(body)));
  });
  return { calls, bodies, answerAll: () => pending.splice(0).forEach((answer) => answer()) };
}

/** Each test starts a minute after the last: a sync shared for JUST_READ_MS never reaches into the next test. */
let clock = Date.now();
beforeEach(() => {
  clock += 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  queryClient.clear();
  useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'ada', name: 'Ada' } });
  useLessonProgress.setState({ marks: {}, positions: {}, ownerId: 'ada' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('syncLessonProgress', () => {
  it('reads the account’s positions once when the list and the player ask together, and adopts them', async () => {
    const server = fakeServer([entry('2', 42_000)]);
    const both = Promise.all([syncLessonProgress(), syncLessonProgress()]);
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.answerAll();
    await both;
    expect(server.calls).toEqual(['GET /api/lessons/progress']);
    expect(useLessonProgress.getState()).toMatchObject({ positions: { '2': 42_000 } });
  });

  it('keeps this device’s marks through a sync: the account has none to give (product.md §2)', async () => {
    setLessonCompleted('3', true);
    const server = fakeServer([entry('2', 42_000)]);
    const sync = syncLessonProgress();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.answerAll();
    await sync;
    expect(useLessonProgress.getState()).toMatchObject({ marks: { ada: { '3': true } }, positions: { '2': 42_000 } });
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

  it('merges the positions kept signed out up into the account, instead of reading, and never the marks', async () => {
    useLessonProgress.setState({ marks: { '': { '3': true } }, positions: { '2': 42_000 }, ownerId: undefined });
    const server = fakeServer([entry('2', 42_000)]);
    await syncLessonProgress();
    expect(server.calls).toEqual(['POST /api/lessons/progress/merge']);
    expect(JSON.parse(server.bodies[0]!)).toEqual({ lessons: [{ lessonId: '2', positionMs: 42_000 }] });
    expect(useLessonProgress.getState().ownerId).toBe('ada');
    // The marks stayed on the device.
    expect(useLessonProgress.getState().marks).toEqual({ '': { '3': true } });
  });

  it('reads, not merges, a copy made signed out that holds no position, even with marks (they stay here)', async () => {
    useLessonProgress.setState({ marks: { '': { '3': true } }, positions: {}, ownerId: undefined });
    const server = fakeServer([entry('2', 7_000)]);
    const sync = syncLessonProgress();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    server.answerAll();
    await sync;
    expect(server.calls).toEqual(['GET /api/lessons/progress']);
    expect(useLessonProgress.getState()).toMatchObject({ ownerId: 'ada', positions: { '2': 7_000 } });
  });

  it('merges a signed-out copy once when the route’s prefetch and the player’s mount both sync', async () => {
    useLessonProgress.setState({ marks: {}, positions: { '3': 5_000 }, ownerId: undefined });
    const server = fakeServer([entry('3', 5_000)]);
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
    const server = fakeServer([entry('4', 9_000)]);
    const sync = syncLessonProgress();
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    useTurtleStore.setState({ user: EMPTY_USER });
    server.answerAll();
    await sync;
    expect(useLessonProgress.getState().positions).toEqual({});
  });
});

describe('what reaches the account', () => {
  it('a position, at once when asked; a tick or an untick, nothing at all', async () => {
    const server = fakeServer([]);
    setLessonCompleted('1', true);
    setLessonCompleted('1', false);
    setLessonCompleted('2', true);
    expect(server.calls).toEqual([]);
    saveLessonPosition('2', 12_345.4, true);
    await vi.waitFor(() => expect(server.calls).toEqual(['POST /api/lessons/progress']));
    expect(server.bodies.map((body) => JSON.parse(body))).toEqual([{ lessonId: '2', positionMs: 12_345 }]);
    expect(server.bodies.join()).not.toContain('completed');
  });
});
