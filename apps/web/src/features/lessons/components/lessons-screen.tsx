import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LESSON_COUNT, LESSON_SERIES_TITLE } from '@turtle/shared/constants';
import { Button } from '../../../components/ui/button';
import { setLessonCompleted, useLessonMarks, useLessonProgress } from '../../../lib/lessons/lesson-progress-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { useLessons } from '../hooks/use-lessons';
import { syncLessonProgress } from '../lib/progress-sync';
import { useSettlingOrder } from '../hooks/use-settling-order';
import { LessonCard } from './lesson-card';
import { OwnLessonsSection } from './own-lessons-section';

function LessonListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {Array.from({ length: LESSON_COUNT }, (_, index) => (
        <li key={index} className="h-[4.5rem] animate-pulse rounded-xl border border-slate-200 bg-slate-50" />
      ))}
    </ul>
  );
}

/** /lessons (product.md §2 "Lesson list"): the series, incomplete lessons first, completed ones after and struck through. */
export function LessonsScreen() {
  const state = useLessons();
  // The marks are this device's only (product.md §2: local only, not sent anywhere); the positions follow the account.
  const completed = useLessonMarks();
  const positions = useLessonProgress((progress) => progress.positions);
  // The list is public: the account's positions join once the status call says who is signed in.
  const userId = useTurtleStore((store) => store.user.id);
  useEffect(() => void syncLessonProgress(), [userId]);
  const { ordered, listRef } = useSettlingOrder(state.status === 'ready' ? state.data.lessons : [], completed);
  const series =
    state.status === 'ready' ? state.data.series : { title: LESSON_SERIES_TITLE, numberOfLessons: LESSON_COUNT };

  return (
    <section className="flex flex-col gap-6">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Audio lessons</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{series.title}</h1>
        <p className="mt-1 text-slate-600">(A {series.numberOfLessons}-part mini-series)</p>
      </div>
      {state.status === 'loading' && <LessonListSkeleton />}
      {state.status === 'failed' && (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-12 text-center">
          <p className="text-slate-700">{state.message}</p>
          <Button variant="secondary" onClick={state.retry}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}
      {state.status === 'ready' && (
        <ul ref={listRef} aria-label="Lessons" className="flex flex-col gap-3">
          {ordered.map((lesson) => (
            <LessonCard
              key={lesson.id}
              lesson={lesson}
              completed={Boolean(completed[lesson.id])}
              positionMs={positions[lesson.id] ?? 0}
              onToggleCompleted={() => setLessonCompleted(lesson.id, !completed[lesson.id])}
            />
          ))}
        </ul>
      )}
      {userId ? (
        <OwnLessonsSection />
      ) : (
        <p className="text-sm text-slate-600">
          <Link to="/login" className="font-medium text-brand-700 underline">
            Log in
          </Link>{' '}
          to make lessons from your own audio and transcripts.
        </p>
      )}
    </section>
  );
}
