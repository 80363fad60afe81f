import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';
import { useTurtleStore } from '../turtle-store';

/** Playback speeds offered (rules.md "Lessons": 0.75x to 2x). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** One person's completed marks: the ids of the lessons ticked. */
export type LessonMarks = Record<string, boolean>;

/** Whose marks: the signed-in person's id, or '' (the user id of nobody signed in) for marks made signed out. */
type MarksOwner = string;
const SIGNED_OUT: MarksOwner = '';

interface LessonProgress {
  /**
   * product.md §3 "Lesson".completed: kept on this device only, never sent (product.md §2 "local only, not sent
   * anywhere"; decision 021), one set per person who used this device, so another person signing in here never
   * sees them.
   */
  marks: Record<MarksOwner, LessonMarks>;
  /** Where each lesson was left, in ms (rules.md "Lessons": resume there); the account's once synced (decision 021). */
  positions: Record<string, number>;
  playbackRate: number;
  /**
   * Whose account `positions` mirror. Unset: the device's own positions, made before any sign-in, merged up into the
   * first account that loads them; another id: someone else's, replaced by the account's.
   */
  ownerId?: string;
}

interface LessonProgressState extends LessonProgress {
  setCompleted: (owner: MarksOwner, lessonId: string, completed: boolean) => void;
  /** Marks made signed out join `owner`'s, as the positions made signed out join the first account that loads them. */
  claimSignedOutMarks: (owner: MarksOwner) => void;
  savePosition: (id: string, ms: number) => void;
  setPlaybackRate: (rate: number) => void;
  /** The account's positions replace this copy's. The marks are the device's and stay. */
  adoptAccount: (ownerId: string, entries: LessonProgressEntry[]) => void;
  /** Signed out: another person's positions are not shown on this device (their marks stay under their id). */
  forgetAccount: () => void;
}

const ticked = (marks: LessonMarks): LessonMarks =>
  Object.fromEntries(
    Object.keys(marks)
      .filter((id) => marks[id] === true)
      .map((id) => [id, true]),
  );

/** Version 0 kept one set of marks, the account's (`ownerId`) or the device's: they become that person's marks here. */
function fromVersion0(stored: unknown): LessonProgress {
  const { completed, ...rest } = (stored ?? {}) as Partial<LessonProgress> & { completed?: LessonMarks };
  const kept = ticked(completed ?? {});
  return {
    positions: rest.positions ?? {},
    playbackRate: rest.playbackRate ?? 1,
    ownerId: rest.ownerId,
    marks: Object.keys(kept).length > 0 ? { [rest.ownerId ?? SIGNED_OUT]: kept } : {},
  };
}

/** This device's lesson marks, positions and speed, in localStorage under its own key (not the account's store). */
export const useLessonProgress = create<LessonProgressState>()(
  persist(
    (set) => ({
      marks: {},
      positions: {},
      playbackRate: 1,
      setCompleted: (owner, lessonId, completed) =>
        set((state) => {
          const { [lessonId]: _was, ...rest } = state.marks[owner] ?? {};
          return { marks: { ...state.marks, [owner]: completed ? { ...rest, [lessonId]: true } : rest } };
        }),
      claimSignedOutMarks: (owner) =>
        set((state) => {
          const { [SIGNED_OUT]: signedOut, ...others } = state.marks;
          if (owner === SIGNED_OUT || !signedOut || Object.keys(signedOut).length === 0) return state;
          return { marks: { ...others, [owner]: { ...others[owner], ...signedOut } } };
        }),
      savePosition: (id, ms) =>
        set((state) => ({ positions: { ...state.positions, [id]: Math.max(0, Math.round(ms)) } })),
      setPlaybackRate: (rate) => set({ playbackRate: rate }),
      adoptAccount: (ownerId, entries) =>
        set({ ownerId, positions: Object.fromEntries(entries.map((entry) => [entry.lessonId, entry.positionMs])) }),
      forgetAccount: () => set({ ownerId: undefined, positions: {} }),
    }),
    {
      name: 'turtle-lessons',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      migrate: (stored, version) => (version === 0 ? fromVersion0(stored) : (stored as LessonProgress)),
      partialize: ({ marks, positions, playbackRate, ownerId }): LessonProgress => ({
        marks,
        positions,
        playbackRate,
        ownerId,
      }),
    },
  ),
);

const NO_MARKS: LessonMarks = Object.freeze({}) as LessonMarks;

/** Whose marks this device shows now: the signed-in person's, or the signed-out ones. */
const currentOwner = (): MarksOwner => useTurtleStore.getState().user.id;

/**
 * Ticks or unticks a lesson for whoever uses this device now. On this device only: nothing is sent anywhere
 * (product.md §2 "Lesson list"; decision 021), neither by the list's circle nor by the end of a lesson.
 */
export function setLessonCompleted(lessonId: string, completed: boolean): void {
  useLessonProgress.getState().setCompleted(currentOwner(), lessonId, completed);
}

/**
 * The completed marks of whoever uses this device now (signed out: the device's own). A signed-in person takes the
 * marks made signed out on this device, once, as their positions were merged into the account.
 */
export function useLessonMarks(): LessonMarks {
  const owner = useTurtleStore((state) => state.user.id);
  useEffect(() => {
    if (owner !== SIGNED_OUT) useLessonProgress.getState().claimSignedOutMarks(owner);
  }, [owner]);
  return useLessonProgress((state) => state.marks[owner] ?? NO_MARKS);
}
