import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSearchDialog } from '../features/search';
import { useTurtleStore } from '../lib/turtle-store';

const SearchDialog = lazy(async () => ({ default: (await loadSearchDialog()).SearchDialog }));

/** Ctrl+K or Cmd+K: the search key (Ctrl+K on Windows and Linux, Cmd+K on a Mac). */
export function isSearchKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/**
 * Anywhere in the signed-in app, Ctrl/Cmd+K opens the search box (decision 039). The listener is here from the first
 * paint, so no key is lost; the box's code loads when it first opens. The key is taken before the page's own
 * handlers (the composer, the note editor), which give it no meaning.
 */
export function SearchShortcut() {
  const signedIn = useTurtleStore((state) => Boolean(state.user.id));
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchKey(event) || event.repeat) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [signedIn]);
  if (!open || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
