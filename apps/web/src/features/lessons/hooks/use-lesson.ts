import { useCallback, useEffect, useState } from 'react';
import type { Lesson } from '@turtle/shared/lesson';
import { getLesson } from '../api/get-lesson';
import { errorMessage, isAbort, isNotFound } from '../../../lib/error-message';

export type LessonState =
  | { status: 'loading' }
  | { status: 'ready'; lesson: Lesson }
  | { status: 'notFound' }
  | { status: 'failed'; message: string; retry: () => void };

type Loaded = { lesson: Lesson } | { notFound: true } | { error: string } | undefined;

/** One lesson with its transcript (`GET /api/lessons/{id}`); an unknown id is "not found" (product.md §2). */
export function useLesson(id: string): LessonState {
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getLesson(id, controller.signal)
      .then((lesson) => setLoaded({ lesson }))
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        setLoaded(isNotFound(error) ? { notFound: true } : { error: errorMessage(error) });
      });
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => {
    setLoaded(undefined);
    setAttempt((count) => count + 1);
  }, []);

  if (!loaded) return { status: 'loading' };
  if ('lesson' in loaded) return { status: 'ready', lesson: loaded.lesson };
  if ('notFound' in loaded) return { status: 'notFound' };
  return { status: 'failed', message: loaded.error, retry };
}
