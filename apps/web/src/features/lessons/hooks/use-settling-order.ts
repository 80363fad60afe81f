import { useLayoutEffect, useRef, useState } from 'react';
import type { LessonSummary } from '@turtle/shared/lesson';
import { orderLessons } from '../lib/lesson-order';

/** A tick shows on the card first; then the card moves (a quick second tap still hits what it aimed at). */
export const SETTLE_MS = 350;
/** How long a card takes to glide to its new place, so the eye follows it rather than finding another card there. */
export const MOVE_MS = 300;

const idsOf = (lessons: Pick<LessonSummary, 'id'>[]) => lessons.map((lesson) => lesson.id).join(' ');

/**
 * product.md §2 "Lesson list": incomplete lessons first, completed ones after. A card ticked or unticked moves to its
 * place `SETTLE_MS` after the click (it once stayed until the pointer left the list), and every card that
 * moves glides there over `MOVE_MS` (none with reduced motion). Returns the order to show and a ref for the list.
 */
export function useSettlingOrder<T extends Pick<LessonSummary, 'id'>>(
  lessons: T[],
  completed: Record<string, boolean>,
) {
  const target = idsOf(orderLessons(lessons, completed));
  const [shown, setShown] = useState(target);
  const sameLessons = shown.split(' ').sort().join(' ') === target.split(' ').sort().join(' ');
  // A list that loads or changes its lessons shows them in order at once: only a tick waits.
  if (!sameLessons) setShown(target);

  useLayoutEffect(() => {
    if (shown === target) return;
    const timer = setTimeout(() => setShown(target), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [shown, target]);

  const listRef = useRef<HTMLUListElement>(null);
  const tops = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-lesson-id]') ?? [])];
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    for (const item of items) {
      const id = item.dataset.lessonId!;
      const before = tops.current.get(id);
      const now = item.offsetTop;
      tops.current.set(id, now);
      if (before === undefined || before === now || reduced || typeof item.animate !== 'function') continue;
      item.animate([{ transform: `translateY(${before - now}px)` }, { transform: 'translateY(0)' }], {
        duration: MOVE_MS,
        easing: 'cubic-bezier(0.2, 0, 0, 1)',
      });
    }
  }, [shown]);

  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  const ordered = shown
    .split(' ')
    .map((id) => byId.get(id))
    .filter((lesson): lesson is T => lesson !== undefined);
  return { ordered, listRef };
}
