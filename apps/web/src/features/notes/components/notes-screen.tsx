import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Note } from '@turtle/shared/note';
import { buttonClass } from '../../../components/ui/button';
import { useNoteList } from '../hooks/use-note-list';
import { useNow } from '../hooks/use-now';
import { filterNotes, formatNoteCount } from '../lib/note-list';
import { DeleteNoteDialog } from './delete-note-dialog';
import { NoteCard } from './note-card';
import { NoteSearch } from './note-search';
import { NoMatchingNotes, NoteListSkeleton, NotesEmptyState, NotesLoadFailed } from './notes-states';

/** /notes (product.md §2 "Notes list"), with the search box of rules.md "Notes". */
export function NotesScreen() {
  const { notes, status, retry } = useNoteList();
  const now = useNow();
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<Note | null>(null);
  const shown = filterNotes(notes, query);
  // The cache answers at once; only an empty cache waits for the server.
  const waiting = notes.length === 0 && status !== 'loaded';

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your Notes</h1>
          {!waiting && <p className="mt-1 text-sm text-slate-600">{formatNoteCount(notes.length)}</p>}
        </div>
        <Link to="/note/new" className={buttonClass('primary')}>
          <Plus className="size-4" aria-hidden="true" />
          New Note
        </Link>
      </div>

      {notes.length > 0 && <NoteSearch value={query} onChange={setQuery} />}

      {waiting ? (
        status === 'failed' ? (
          <NotesLoadFailed onRetry={retry} />
        ) : (
          <NoteListSkeleton />
        )
      ) : notes.length === 0 ? (
        <NotesEmptyState />
      ) : shown.length === 0 ? (
        <NoMatchingNotes query={query} onClear={() => setQuery('')} />
      ) : (
        <ul aria-label="Notes" className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
          {shown.map((note) => (
            <NoteCard key={note.id} note={note} now={now} onDelete={setToDelete} />
          ))}
        </ul>
      )}

      <DeleteNoteDialog note={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
