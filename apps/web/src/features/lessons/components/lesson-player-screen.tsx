import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { LESSON_NOT_FOUND_MESSAGE } from '@turtle/shared/lesson-helpers';
import { PageSpinner } from '../../../components/ui/spinner';
import { queryClient } from '../../../lib/query/query-client';
import { prefetchLesson } from '../api/get-lesson';
import { lessonsQuery } from '../api/list-lessons';
import { useLesson } from '../hooks/use-lesson';
import { prefetchLessonProgress, syncLessonProgress } from '../lib/progress-sync';
import { LessonNotReady } from './lesson-not-ready';
import { LessonMessage } from './lesson-message';
import { LessonPlayer } from './lesson-player';

/**
 * The route table starts the lesson's read with this chunk, beside the status call, and the account's progress with it
 * when the person is known (decision 026): the player waits for both.
 */
export function prefetchLessonScreen(id: string): void {
  prefetchLesson(id);
  prefetchLessonProgress();
}

/** The account's progress (decision 021) arrives with the lesson, so the player resumes where the learner left it. */
function useProgressSynced(): boolean {
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    let live = true;
    void syncLessonProgress().finally(() => live && setSynced(true));
    return () => {
      live = false;
    };
  }, []);
  return synced;
}

function LessonLoader({ id }: { id: string }) {
  const state = useLesson(id);
  const synced = useProgressSynced();
  // The list the player reads for "Up next" starts loading beside the lesson, not after it.
  useEffect(() => void queryClient.prefetchQuery(lessonsQuery), []);
  if (state.status === 'loading' || (state.status === 'ready' && !synced)) return <PageSpinner />;
  switch (state.status) {
    case 'notFound':
      return <LessonMessage title={LESSON_NOT_FOUND_MESSAGE} text="There is no lesson at this address." />;
    case 'failed':
      return <LessonMessage title="Lesson not loaded" text={state.message} onRetry={state.retry} />;
    case 'ready':
      return state.lesson.ready ? (
        <LessonPlayer lesson={state.lesson} />
      ) : (
        <LessonNotReady title={state.lesson.title} />
      );
  }
}

/** /learn/{id} (product.md §2 "Lesson player"). Another id gets a fresh player (`key`), never the last one's state. */
export function LessonPlayerScreen() {
  const { id = '' } = useParams();
  return <LessonLoader key={id} id={id} />;
}
