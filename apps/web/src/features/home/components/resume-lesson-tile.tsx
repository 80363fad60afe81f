import { ArrowRight, Headphones } from 'lucide-react';
import { Link } from 'react-router';
import { formatClock } from '@turtle/shared/lesson-helpers';
import { useLessonMarks } from '../../../lib/lessons/lesson-progress-store';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { useTurtleStore } from '../../../lib/turtle-store';
import { lessonProgressQuery, lessonsQuery } from '../api/home-reads';
import { lessonToResume } from '../lib/lesson-to-resume';
import { HomeTile, TileFailed, TileLoading, tileLinkClass } from './home-tile';

/**
 * The lesson to pick up where the learner left it: the position follows the account (decision 021), the completed
 * marks are this device's (product.md §2: local only, not sent anywhere).
 */
export function ResumeLessonTile() {
  const userId = useTurtleStore((state) => state.user.id);
  const completed = useLessonMarks();
  const lessons = useServerQuery(lessonsQuery);
  const progress = useServerQuery(lessonProgressQuery(userId));
  if (lessons.isError || progress.isError) {
    return (
      <HomeTile icon={Headphones} title="Lessons">
        <TileFailed />
      </HomeTile>
    );
  }
  if (!lessons.data || !progress.data) {
    return (
      <HomeTile icon={Headphones} title="Lessons">
        <TileLoading />
      </HomeTile>
    );
  }
  const next = lessonToResume(lessons.data.lessons, completed, progress.data);
  return (
    <HomeTile icon={Headphones} title="Lessons">
      {next ? (
        <>
          <p className="min-w-0 text-lg font-semibold text-slate-900">
            <span className="block text-sm font-medium text-slate-500">Lesson {next.lesson.id}</span>
            <span className="line-clamp-2">{next.lesson.title}</span>
          </p>
          <Link to={`/learn/${next.lesson.id}`} className={tileLinkClass}>
            {next.positionMs > 0 ? `Resume at ${formatClock(next.positionMs)}` : 'Start listening'}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </>
      ) : (
        <>
          <p className="text-lg font-semibold text-slate-900">You have finished every lesson so far</p>
          <Link to="/lessons" className={tileLinkClass}>
            See the series <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </>
      )}
    </HomeTile>
  );
}
