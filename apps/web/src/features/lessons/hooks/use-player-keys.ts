import { useEffect } from 'react';

/** Where typing goes to a field, not to the player. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && target.type !== 'range';
}

/** Controls whose own Space is a click: the player leaves Space to them. */
function activatesOnSpace(target: EventTarget | null): boolean {
  return target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
}

/**
 * rules.md "Lessons": Space plays and pauses, the arrows skip 10 s, W opens the tutor (product.md §2). Keys typed into a
 * field, or with a modifier, are left alone; while the tutor is open only the pane's own keys work.
 */
export function usePlayerKeys(
  enabled: boolean,
  actions: { toggle: () => void; skip: (direction: -1 | 1) => void; ask: () => void },
): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === ' ' && !activatesOnSpace(event.target)) {
        event.preventDefault();
        actions.toggle();
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        actions.skip(event.key === 'ArrowLeft' ? -1 : 1);
      } else if (event.key === 'w' || event.key === 'W') {
        event.preventDefault();
        actions.ask();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, actions]);
}
