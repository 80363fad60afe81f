import { AtSign, FileText } from 'lucide-react';
import { Link } from 'react-router';
import type { Note } from '@turtle/shared/note';
import { suggestNotes } from '../composer/mention-suggestions';

/** How many recent notes the empty chat offers. */
const SUGGESTED_NOTES = 3;

/**
 * The empty chat teaches `@` (docs/product.md "Chat screen"): what a mention does, and the person's most recently opened notes as
 * one-tap suggestions that put the mention in the composer. Without notes, the way to write one.
 */
export function MentionTips({ notes, onMention }: { notes: Note[]; onMention: (note: Note) => void }) {
  const recent = suggestNotes(notes, '', SUGGESTED_NOTES)
    .map((item) => notes.find((note) => note.id === item.id))
    .filter((note): note is Note => note !== undefined);
  return (
    <section aria-labelledby="mention-tips-title" className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="mention-tips-title" className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <AtSign className="size-4 text-brand-700" aria-hidden="true" />
        Ask about your notes
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Type <kbd className="rounded border border-slate-300 bg-white px-1 font-mono text-xs">@</kbd> in your message
        and pick a note: the assistant reads it before answering.
      </p>
      {recent.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {recent.map((note) => (
            <button
              key={note.id}
              type="button"
              onClick={() => onMention(note)}
              aria-label={`Mention “${note.name}”`}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-xs transition hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <FileText className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="truncate">@{note.name}</span>
            </button>
          ))}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          You have no notes yet.{' '}
          <Link to="/note/new" className="font-semibold text-brand-700 hover:underline">
            Write one
          </Link>{' '}
          and mention it here.
        </p>
      )}
    </section>
  );
}
