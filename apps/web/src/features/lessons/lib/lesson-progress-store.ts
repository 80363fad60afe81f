import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Playback speeds offered (rules.md "Lessons": 0.75x to 2x). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

interface LessonProgress {
  /** product.md §3 "Lesson".completed: kept on this device only, never sent anywhere. */
  completed: Record<string, boolean>;
  /** Where each lesson was left, in ms (rules.md "Lessons": resume from the last position). */
  positions: Record<string, number>;
  playbackRate: number;
}

interface LessonProgressState extends LessonProgress {
  toggleCompleted: (id: string) => void;
  savePosition: (id: string, ms: number) => void;
  setPlaybackRate: (rate: number) => void;
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
      savePosition: (id, ms) =>
        set((state) => ({ positions: { ...state.positions, [id]: Math.max(0, Math.round(ms)) } })),
      setPlaybackRate: (rate) => set({ playbackRate: rate }),
    }),
    {
      name: 'turtle-lessons',
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ completed, positions, playbackRate }): LessonProgress => ({ completed, positions, playbackRate }),
    },
  ),
);
