import { FileText, GraduationCap, ListOrdered, Search, Trash } from 'lucide-react';
import { LESSON_DURATIONS, LESSON_SERIES_TITLE } from '@turtle/shared/constants';
import { cn } from '../../lib/cn';

const CARD = 'rounded-2xl bg-white shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/10';

const NOTES = [
  { title: 'Investing notes', excerpt: 'Keep yearly fund fees under 0.2%…', time: 'Just now' },
  { title: 'Interview prep', excerpt: 'Questions to ask about the team…', time: '12 minutes ago' },
  { title: 'Italian verbs', excerpt: 'Irregular: essere, avere, andare…', time: '3 days ago' },
];

/** The notes list: search box, notes by last access, and a delete confirmation. Decorative. */
export function NotesMock() {
  return (
    <div aria-hidden="true" className={cn(CARD, 'p-4 sm:p-5')}>
      <div className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2.5 text-sm text-slate-900">
        <Search className="size-4 text-slate-500" />
        <span>
          i<span className="animate-pulse text-brand-600">|</span>
        </span>
        <span className="ml-auto text-xs text-slate-500">3 notes</span>
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {NOTES.map((note, index) => (
          <li
            key={note.title}
            className={cn('flex items-center gap-3 rounded-xl px-2 py-3', index === 0 && 'bg-brand-50')}
          >
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white text-brand-700 ring-1 ring-slate-200">
              <FileText className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-slate-900">{note.title}</p>
              <p className="truncate text-xs text-slate-500">{note.excerpt}</p>
            </div>
            <span className="shrink-0 text-xs text-slate-500">{note.time}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-red-50 px-3 py-3 text-sm text-red-800 ring-1 ring-red-100">
        <Trash className="size-4 shrink-0" />
        <span className="font-medium">Delete “Italian verbs”?</span>
        <span className="ml-auto flex gap-2">
          <span className="rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">
            Cancel
          </span>
          <span className="rounded-md bg-red-600 px-2.5 py-1 text-xs font-semibold text-white">Delete</span>
        </span>
      </div>
    </div>
  );
}

/** A tutor answer that cites a moment of the lesson. Decorative. */
export function TutorMock() {
  return (
    <div aria-hidden="true" className={cn(CARD, 'p-4 sm:p-5')}>
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <GraduationCap className="size-4 text-brand-700" />
        Tutor
        <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
          {LESSON_SERIES_TITLE} · Part 2
        </span>
      </p>
      <p className="mt-4 ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-slate-100 px-4 py-2.5 text-sm text-slate-800">
        Wait, why does starting early matter that much?
      </p>
      <p className="mt-4 text-sm leading-relaxed text-slate-700">
        Because growth compounds: each year’s returns are added to what grows the next year. The example at{' '}
        <span className="rounded bg-brand-100 px-1 font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2">
          [02:15]
        </span>{' '}
        compares starting at 25 with starting at 35.
      </p>
    </div>
  );
}

/** The real outline of the series: every part with its length. */
export function SeriesOutline() {
  return (
    <div className="mt-8 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <ListOrdered className="size-4 text-brand-700" aria-hidden="true" />
        The {LESSON_SERIES_TITLE} series
      </h3>
      <ol className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {LESSON_DURATIONS.map((duration, index) => (
          <li
            key={index}
            className="flex items-center justify-between gap-2 rounded-lg bg-white px-2.5 py-2 text-xs text-slate-700 ring-1 ring-slate-200"
          >
            <span className="font-semibold">Part {index + 1}</span>
            <span className="text-slate-600 tabular-nums">
              <span className="sr-only">, </span>
              {duration}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
