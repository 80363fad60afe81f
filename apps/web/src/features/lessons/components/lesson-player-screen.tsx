import { useParams } from 'react-router';
import { LESSON_NOT_FOUND_MESSAGE, LESSON_NOT_READY_MESSAGE } from '@turtle/shared/lesson';
import { PageSpinner } from '../../../components/ui/spinner';
import { useLesson } from '../hooks/use-lesson';
import { LessonMessage } from './lesson-message';
import { LessonPlayer } from './lesson-player';

function LessonLoader({ id }: { id: string }) {
  const state = useLesson(id);
  switch (state.status) {
    case 'loading':
      return <PageSpinner />;
    case 'notFound':
      return <LessonMessage title={LESSON_NOT_FOUND_MESSAGE} text="There is no lesson at this address." />;
    case 'failed':
      return <LessonMessage title="Lesson not loaded" text={state.message} onRetry={state.retry} />;
    case 'ready':
      return state.lesson.ready ? (
        <LessonPlayer lesson={state.lesson} />
      ) : (
        <LessonMessage
          title={LESSON_NOT_READY_MESSAGE}
          text={`“${state.lesson.title}” has no audio or transcript yet. It is coming soon.`}
        />
      );
  }
}

/** /learn/{id} (product.md §2 "Lesson player"). Another id gets a fresh player (`key`), never the last one's state. */
export function LessonPlayerScreen() {
  const { id = '' } = useParams();
  return <LessonLoader key={id} id={id} />;
}
