import {
  isSeriesLesson,
  LESSON_IDS,
  LESSON_POSITION_MAX_MS,
  OWN_LESSON_POSITION_MAX_MS,
} from '@turtle/shared/lesson-helpers';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';
import { useLessonProgress } from '../../../lib/lessons/lesson-progress-store';
import { JUST_READ_MS, queryClient } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { useTurtleStore } from '../../../lib/turtle-store';
import { getLessonProgress, mergeLessonProgress, saveLessonProgress } from '../api/lesson-progress';

// Positions only: completed marks stay on the device and are never sent (product.md §2; decision 021). They are set with
// `setLessonCompleted` from lib/lessons/lesson-progress-store.ts, which has no way to reach the server.

/** While a lesson plays, its position reaches the account at most this often (pauses and seeks at once). */
const PUSH_EVERY_MS = 15_000;
const lastPushAt = new Map<string, number>();

function signedInId(): string | undefined {
  return useTurtleStore.getState().user.id || undefined;
}

/** The device's own positions, as the merge call takes them. */
function deviceCopy() {
  const { positions } = useLessonProgress.getState();
  return LESSON_IDS.filter((id) => (positions[id] ?? 0) > 0).map((lessonId) => ({
    lessonId,
    positionMs: Math.min(positions[lessonId] ?? 0, LESSON_POSITION_MAX_MS),
  }));
}

/**
 * The account's positions, read through the query client (decision 025): a lessons screen and a player opening
 * together ask once. Always asked again (`staleTime` 0): another device may have moved on since.
 */
const fetchAccountProgress = (userId: string): Promise<LessonProgressEntry[]> =>
  queryClient.fetchQuery({
    queryKey: queryKeys.lessonProgress(userId),
    queryFn: ({ signal }) => getLessonProgress(signal),
    staleTime: 0,
  });

/**
 * The last sync, kept while under way and for `JUST_READ_MS` after (decision 027), so a route's prefetch and the screen
 * mounting after it make one merge or read, not two.
 */
let lastSync: { userId: string; done: Promise<void>; endedAt?: number } | null = null;

const justSynced = (userId: string) =>
  lastSync?.userId === userId && (lastSync.endedAt === undefined || Date.now() - lastSync.endedAt < JUST_READ_MS);

/**
 * Brings this device's positions in line with the account (decision 021). The first time an account loads positions
 * kept signed out, they are merged up so nothing is lost (a write, not a read); a copy without positions has nothing
 * to merge, so it reads, like any later sync, and can take the read started ahead at start-up (decision 030). After
 * that the account's positions are the truth. Signed out, another person's positions are forgotten. A failure leaves
 * the device's copy as it was. A call while one for the same person is under way, or just after, shares it. The
 * completed marks are never part of it: they are the device's alone.
 */
export function syncLessonProgress(): Promise<void> {
  const userId = signedInId();
  if (!userId) {
    const store = useLessonProgress.getState();
    if (store.ownerId) store.forgetAccount();
    return Promise.resolve();
  }
  if (justSynced(userId)) return lastSync!.done;
  const sync: NonNullable<typeof lastSync> = { userId, done: Promise.resolve() };
  sync.done = syncAccount(userId).finally(() => (sync.endedAt = Date.now()));
  lastSync = sync;
  return sync.done;
}

/** The route's prefetch (decision 026): for a signed-in person, the sync starts with the player's chunk. */
export function prefetchLessonProgress(): void {
  if (signedInId()) void syncLessonProgress();
}

async function syncAccount(userId: string): Promise<void> {
  try {
    const madeSignedOut = useLessonProgress.getState().ownerId === undefined ? deviceCopy() : [];
    const entries =
      madeSignedOut.length > 0
        ? await mergeLessonProgress({ lessons: madeSignedOut })
        : await fetchAccountProgress(userId);
    // The person may have signed out or switched while the call was out.
    if (signedInId() === userId) useLessonProgress.getState().adoptAccount(userId, entries);
  } catch {
    // Offline or refused: the device's copy stays; the next load tries again.
  }
}

/** A position on the device at once, and in the account every 15 s while playing (at once when `now`). */
export function saveLessonPosition(lessonId: string, positionMs: number, now: boolean): void {
  const maxMs = isSeriesLesson(lessonId) ? LESSON_POSITION_MAX_MS : OWN_LESSON_POSITION_MAX_MS;
  const ms = Math.min(Math.max(0, Math.round(positionMs)), maxMs);
  useLessonProgress.getState().savePosition(lessonId, ms);
  const last = lastPushAt.get(lessonId) ?? 0;
  if (!now && Date.now() - last < PUSH_EVERY_MS) return;
  lastPushAt.set(lessonId, Date.now());
  if (!signedInId()) return;
  saveLessonProgress({ lessonId, positionMs: ms }).catch(() => {
    // The device keeps the position; the next one reaches the account instead.
  });
}
