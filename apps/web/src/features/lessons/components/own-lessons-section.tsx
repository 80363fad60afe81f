import { Clock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { lessonLength, type OwnLessonAllowance, type OwnLessonSummary } from '@turtle/shared/own-lesson-helpers';
import { Button, buttonClass } from '../../../components/ui/button';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { TextField } from '../../../components/ui/text-field';
import { toLoadState } from '../../../lib/query/load-state';
import { queryClient } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { prefetchLesson } from '../api/get-lesson';
import { deleteOwnLesson, ownLessonsQuery, renameOwnLesson } from '../api/own-lessons';
import { OwnLessonJobRow } from './own-lesson-job-row';

/** "1 of 3 lessons · 0:20 of 30:00 of audio" (docs/decisions/046-own-lessons.md). */
export function AllowanceLine({ allowance }: { allowance: OwnLessonAllowance }) {
  const { lessons, audioMs } = allowance;
  return (
    <p className="text-sm text-slate-600 tabular-nums">
      {lessons.used} of {lessons.max} lessons · {lessonLength(audioMs.used)} of {lessonLength(audioMs.max)} of audio
    </p>
  );
}

function RenameForm({ lesson, onDone }: { lesson: OwnLessonSummary; onDone: () => void }) {
  const [title, setTitle] = useState(lesson.title);
  const rename = useServerMutation((next: string) => renameOwnLesson(lesson.id, next), {
    invalidates: [queryKeys.ownLessons, queryKeys.lesson(lesson.id)],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await rename.run(title)) onDone();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={rename.error ?? undefined}
        className="flex-1"
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={rename.busy}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={rename.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function OwnLessonRow({ lesson, onDelete }: { lesson: OwnLessonSummary; onDelete: () => void }) {
  const [renaming, setRenaming] = useState(false);
  if (renaming) {
    return (
      <li className="rounded-xl border border-slate-200 bg-white p-4">
        <RenameForm lesson={lesson} onDone={() => setRenaming(false)} />
      </li>
    );
  }
  return (
    <li
      data-own-lesson-id={lesson.id}
      className="relative flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition hover:border-brand-300 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 sm:px-5"
    >
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold text-slate-900">
          <Link
            to={`/learn/${lesson.id}`}
            onPointerEnter={() => prefetchLesson(lesson.id)}
            onFocus={() => prefetchLesson(lesson.id)}
            className="line-clamp-2 outline-none after:absolute after:inset-0 after:rounded-xl hover:text-brand-800"
          >
            {lesson.title}
          </Link>
        </h3>
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600 tabular-nums">
          <Clock className="size-4 text-slate-400" aria-hidden="true" />
          <span className="sr-only">Duration </span>
          {lesson.duration}
        </p>
      </div>
      <div className="relative z-10 flex shrink-0 gap-1">
        <Button variant="ghost" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename “${lesson.title}”`}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete “${lesson.title}”`}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/**
 * "My lessons" on /lessons (docs/decisions/046-own-lessons.md), under the series: the learner's own lessons, what the
 * plan allows, and "New lesson"; each lesson opens in the player, and can be renamed or deleted.
 */
export function OwnLessonsSection() {
  const state = toLoadState(useServerQuery(ownLessonsQuery));
  const [deleting, setDeleting] = useState<OwnLessonSummary | null>(null);
  const cancel = useServerMutation((id: string) => deleteOwnLesson(id), { invalidates: [queryKeys.ownLessons] });
  const full = state.status === 'ready' && state.data.allowance.lessons.used >= state.data.allowance.lessons.max;
  return (
    <section aria-labelledby="own-lessons-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="own-lessons-title" className="text-xl font-bold tracking-tight text-slate-900">
            My lessons
          </h2>
          {state.status === 'ready' && <AllowanceLine allowance={state.data.allowance} />}
        </div>
        {full ? (
          <Link to="/pricing" className={buttonClass('secondary')}>
            Upgrade for more lessons
          </Link>
        ) : (
          <Link to="/lessons/new" className={buttonClass('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            New lesson
          </Link>
        )}
      </div>
      {state.status === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {state.message}{' '}
          <button type="button" className="font-medium underline" onClick={state.retry}>
            Try again
          </button>
        </p>
      )}
      {state.status === 'ready' && state.data.lessons.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-4 py-6 text-sm text-slate-600">
          Turn a podcast episode or a recording into a lesson: its audio plays with its transcript, and the tutor
          answers about it.
        </p>
      )}
      {state.status === 'ready' && state.data.lessons.length > 0 && (
        <ul aria-label="My lessons" className="flex flex-col gap-3">
          {state.data.lessons.map((lesson) =>
            lesson.status === 'ready' ? (
              <OwnLessonRow key={lesson.id} lesson={lesson} onDelete={() => setDeleting(lesson)} />
            ) : (
              <OwnLessonJobRow key={lesson.id} lesson={lesson} onCancel={() => void cancel.run(lesson.id)} />
            ),
          )}
        </ul>
      )}
      <DeleteDialog
        item={deleting}
        title="Delete this lesson?"
        description={deleting ? `“${deleting.title}” and its audio are deleted for good.` : ''}
        remove={(lesson) => deleteOwnLesson(lesson.id)}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: queryKeys.ownLessons })}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
