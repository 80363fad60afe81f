import { useEffect, useRef, type RefObject } from 'react';
import type { Lesson } from '@turtle/shared/lesson';
import { parseDuration } from '@turtle/shared/lesson-helpers';
import { useLessonProgress } from '../../../lib/lessons/lesson-progress-store';
import { saveLessonPosition } from '../lib/progress-sync';

/** While playing, the position is written this often; every pause and every seek while paused are written at once. */
const SAVE_EVERY_MS = 5_000;
/** A lesson left this close to its end starts over next time. */
const NEAR_THE_END_MS = 3_000;

/** Where to start a lesson: where this device left it, unless that was (nearly) the end. */
export function resumePosition(lesson: Lesson): number {
  const saved = useLessonProgress.getState().positions[lesson.id] ?? 0;
  const end = parseDuration(lesson.duration);
  return saved > 0 && !(saved >= end - NEAR_THE_END_MS) ? saved : 0;
}

/**
 * rules.md "Lessons": remembers the last position of each lesson, on this device and in the account (decision 021). `positionMs` (in slider steps)
 * says when; the audio's own clock says exactly where, so a resumed lesson is on the same sentence.
 */
export function useSavePosition(
  id: string,
  audioRef: RefObject<HTMLAudioElement | null>,
  positionMs: number,
  playing: boolean,
): void {
  const lastSaved = useRef<number | null>(null);
  useEffect(() => {
    // The first position is the one just restored: nothing new to write.
    if (lastSaved.current === null) {
      lastSaved.current = positionMs;
      return;
    }
    if (playing && Math.abs(positionMs - lastSaved.current) < SAVE_EVERY_MS) return;
    lastSaved.current = positionMs;
    const audio = audioRef.current;
    // Pauses and seeks while paused reach the account at once; while playing, every 15 s. The audio's own clock is
    // exact (`positionMs` is rounded for display); before it has loaded, it holds a seek's target, or 0 when there was
    // none yet (then the shown position is the one to keep).
    const exact = audio && (audio.readyState > 0 || audio.currentTime > 0);
    saveLessonPosition(id, exact ? audio.currentTime * 1000 : positionMs, !playing);
  }, [id, audioRef, positionMs, playing]);
}
