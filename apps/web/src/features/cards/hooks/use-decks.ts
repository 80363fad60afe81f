import { useCallback, useEffect, useState } from 'react';
import type { ListDecksResponse } from '@turtle/shared/cards';
import { errorMessage, isAbort } from '../../../lib/error-message';
import { listDecks } from '../api/list-decks';

export type DecksState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: ListDecksResponse };

/** The person's decks with today's counts; `refresh` after a change. */
export function useDecks() {
  const [state, setState] = useState<DecksState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    listDecks(controller.signal)
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!isAbort(error)) setState({ status: 'failed', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [attempt]);
  const refresh = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, refresh };
}
