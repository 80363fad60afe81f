import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';

/** Playback speeds offered (rules.md "Lessons": 0.75x to 2x). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

interface LessonProgress {
  /** product.md §3 "Lesson".completed, kept in the account once signed in (decision 021); this is the device's copy. */
  completed: Record<string, boolean>;
  /** Where each lesson was left, in ms (rules.md "Lessons": resume from the last position). */
  positions: Record<string, number>;
  playbackRate: number;
  /**
   * Whose account this copy mirrors. Unset: the device's own marks, made before any sign-in, merged up into the
   * first account that loads them; another id: someone else's, replaced by the account's.
   */
  ownerId?: string;
}

interface LessonProgressState extends LessonProgress {
  toggleCompleted: (id: string) => void;
  setCompleted: (id: string, completed: boolean) => void;
  savePosition: (id: string, ms: number) => void;
  setPlaybackRate: (rate: number) => void;
  /** The account's progress replaces this copy. */
  adoptAccount: (ownerId: string, entries: LessonProgressEntry[]) => void;
  /** Signed out: another person's marks are not shown on this device. */
  forgetAccount: () => void;
}

/** The lesson marks and positions of this device, in localStorage under its own key (not the account's store). */
export const useLessonProgress = create<LessonProgressState>()(
  persist(
    (set) => ({
      completed: {},
      positions: {},
      playbackRate: 1,
      toggleCompleted: (id) =>
        set((state) => {
          const { [id]: wasCompleted, ...rest } = state.completed;
          return { completed: wasCompleted ? rest : { ...rest, [id]: true } };
        }),
      setCompleted: (id, completed) =>
        set((state) => {
          const { [id]: _was, ...rest } = state.completed;
          return { completed: completed ? { ...rest, [id]: true } : rest };
        }),
      savePosition: (id, ms) =>
        set((state) => ({ positions: { ...state.positions, [id]: Math.max(0, Math.round(ms)) } })),
      setPlaybackRate: (rate) => set({ playbackRate: rate }),
      adoptAccount: (ownerId, entries) =>
        set({
          ownerId,
          completed: Object.fromEntries(
            entries.filter((entry) => entry.completed).map((entry) => [entry.lessonId, true]),
          ),
          positions: Object.fromEntries(entries.map((entry) => [entry.lessonId, entry.positionMs])),
        }),
      forgetAccount: () => set({ ownerId: undefined, completed: {}, positions: {} }),
    }),
    {
      name: 'turtle-lessons',
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ completed, positions, playbackRate, ownerId }): LessonProgress => ({
        completed,
        positions,
        playbackRate,
        ownerId,
      }),
    },
  ),
);
