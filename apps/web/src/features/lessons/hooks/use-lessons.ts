import { useCallback, useEffect, useState } from 'react';
import type { ListLessonsResponse } from '@turtle/shared/lesson';
import { listLessons } from '../api/list-lessons';
import { errorMessage, isAbort } from '../../../lib/error-message';

export type LessonsState =
  | { status: 'loading' }
  | { status: 'ready'; data: ListLessonsResponse }
  | { status: 'failed'; message: string; retry: () => void };

/** The series and its lessons from `GET /api/lessons`. */
export function useLessons(): LessonsState {
  const [state, setState] = useState<{ data?: ListLessonsResponse; error?: string }>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listLessons(controller.signal)
      .then((data) => setState({ data }))
      .catch((error: unknown) => {
        if (!isAbort(error)) setState({ error: errorMessage(error) });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({});
    setAttempt((count) => count + 1);
  }, []);

  if (state.data) return { status: 'ready', data: state.data };
  if (state.error !== undefined) return { status: 'failed', message: state.error, retry };
  return { status: 'loading' };
}
