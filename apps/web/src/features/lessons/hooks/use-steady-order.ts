import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import type { LessonSummary } from '@turtle/shared/lesson';
import { orderLessons } from '../lib/lesson-order';

/** After the last touch in the list, the order catches up this much later (a quick second tap hits what it aimed at). */
const TOUCH_HOLD_MS = 2_000;

type Part = 'pointer' | 'focus';

/**
 * product.md §2 orders the list (incomplete first), but a card that moves the moment its circle is ticked leaves another
 * card under the pointer (issue 15, item 7). While a mouse is over the list, or the keyboard's focus is in it, the
 * order shown stays as it was; it catches up once both have left (a touch holds it for two seconds).
 */
export function useSteadyOrder<T extends Pick<LessonSummary, 'id'>>(lessons: T[], completed: Record<string, boolean>) {
  const [held, setHeld] = useState<{ ids: string[]; pointer: boolean; focus: boolean } | null>(null);
  const touchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(touchTimer.current), []);
  const current = orderLessons(lessons, completed);

  const hold = (part: Part) =>
    setHeld((previous) => ({
      ids: previous?.ids ?? current.map((lesson) => lesson.id),
      pointer: previous?.pointer ?? false,
      focus: previous?.focus ?? false,
      [part]: true,
    }));
  const release = (part: Part) =>
    setHeld((previous) => {
      if (!previous) return null;
      const next = { ...previous, [part]: false };
      return next.pointer || next.focus ? next : null;
    });

  const ordered = held ? held.ids.flatMap((id) => lessons.filter((lesson) => lesson.id === id)) : current;
  // A lesson that was not there when the order was held (the list loaded meanwhile) is not lost.
  const missing = held ? current.filter((lesson) => !held.ids.includes(lesson.id)) : [];

  return {
    ordered: [...ordered, ...missing],
    listProps: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType !== 'touch') hold('pointer');
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType !== 'touch') release('pointer');
      },
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType !== 'touch') return;
        clearTimeout(touchTimer.current);
        hold('pointer');
      },
      onPointerUp: (event: PointerEvent) => {
        if (event.pointerType !== 'touch') return;
        clearTimeout(touchTimer.current);
        touchTimer.current = setTimeout(() => release('pointer'), TOUCH_HOLD_MS);
      },
      // Only the keyboard's focus holds the order: a clicked button keeps the focus after the mouse has gone.
      onFocus: (event: FocusEvent) => {
        if ((event.target as Element).matches(':focus-visible')) hold('focus');
      },
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release('focus');
      },
    },
  };
}
