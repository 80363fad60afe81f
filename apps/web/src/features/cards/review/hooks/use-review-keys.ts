import { useEffect } from 'react';
import { RATINGS, type Rating } from '@turtle/shared/cards-review';

/** Where typing goes to a field, not to the review. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The review's keys: Space or Enter shows the answer, 1 to 4 grade it (Again, Hard, Good, Easy), U or Ctrl+Z
 * undoes the last grade. Keys with other modifiers, or typed into a field, are left alone.
 */
export function useReviewKeys(actions: {
  reveal: () => void;
  grade: (rating: Rating) => void;
  undo: () => void;
  revealed: boolean;
}) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || isTyping(event.target)) return;
      const undoKey = (event.key === 'z' || event.key === 'Z') && (event.ctrlKey || event.metaKey);
      if (undoKey || ((event.key === 'u' || event.key === 'U') && !event.ctrlKey && !event.metaKey)) {
        event.preventDefault();
        actions.undo();
        return;
      }
      if (event.ctrlKey || event.metaKey) return;
      if ((event.key === ' ' || event.key === 'Enter') && !actions.revealed) {
        event.preventDefault();
        actions.reveal();
        return;
      }
      const rating = Number(event.key) as Rating;
      if (actions.revealed && RATINGS.includes(rating)) {
        event.preventDefault();
        actions.grade(rating);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [actions]);
}
