import { Clock, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Note } from '@turtle/shared/note';
import { formatLastAccess } from '../lib/relative-time';

const iconButtonClass =
  'relative z-10 inline-flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface NoteCardProps {
  note: Note;
  now: number;
  onDelete: (note: Note) => void;
}

/**
 * One note in the list (product.md §2): the whole card opens the note (its title is a link stretched over the card), with
 * the last-access time and the edit and delete buttons on top.
 */
export function NoteCard({ note, now, onDelete }: NoteCardProps) {
  const preview = note.content.trim();
  return (
    <li className="group relative flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition hover:border-brand-300 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 sm:p-5">
      <h2 className="min-w-0 text-base font-semibold text-slate-900">
        <Link
          to={`/note/${encodeURIComponent(note.id)}`}
          className="block truncate outline-none after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-800"
        >
          {note.name}
        </Link>
      </h2>
      <p className="mt-1.5 line-clamp-2 min-h-10 text-sm/5 break-words text-slate-600">
        {preview || <span className="text-slate-400 italic">No content</span>}
      </p>
      <div className="mt-3 flex items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <Clock className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Last opened </span>
          <time
            dateTime={new Date(note.lastAccessAt).toISOString()}
            title={new Date(note.lastAccessAt).toLocaleString()}
          >
            {formatLastAccess(note.lastAccessAt, now)}
          </time>
        </p>
        <div className="-mr-1.5 flex items-center gap-0.5">
          <Link
            to={`/note/${encodeURIComponent(note.id)}`}
            aria-label={`Edit ${note.name}`}
            title="Edit"
            className={`${iconButtonClass} hover:bg-slate-100 hover:text-slate-900`}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          <button
            type="button"
            onClick={() => onDelete(note)}
            aria-label={`Delete ${note.name}`}
            title="Delete"
            className={`${iconButtonClass} hover:bg-red-50 hover:text-red-700`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </li>
  );
}
