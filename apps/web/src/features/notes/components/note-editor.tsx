import { ArrowLeft, CircleAlert, Layers } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Note } from '@turtle/shared/note';
import { makeCardsHref } from '@turtle/shared/cards-links';
import { NOTE_CONTENT_MAX_LENGTH, NOTE_TITLE_MAX_LENGTH } from '@turtle/shared/constants';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { showAlert } from '../../../lib/alert-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { saveNote } from '../api/save-note';
import { useSaveExistingNote } from '../hooks/use-save-existing-note';
import { useUnsavedChangesPrompt } from '../hooks/use-unsaved-changes-prompt';
import { clearNewNoteDraft, loadNewNoteDraft, storeNewNoteDraft } from '../lib/new-note-draft';
import { SaveState } from './save-state';
import { errorMessage } from '../../../lib/error-message';
import { attemptFor, type CreateAttempt } from '../../../lib/idempotency-key';
import { refuseInput, useServerMutation } from '../../../lib/query/use-server-mutation';
import { canSave, EMPTY_DRAFT, hasUnsavedChanges, type NoteDraft } from '../lib/note-draft';
import { CharacterCount } from './character-count';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { PassageHighlight } from './passage-highlight';
import { passageAt } from '../lib/passage-at';

/** The text's box: the text area and the passage's mark behind it share it, so the mark sits under its words. */
const TEXT_BOX = 'px-4 py-4 text-base/7 sm:px-6';

const toDraft = (note: Note | undefined): NoteDraft =>
  note ? { name: note.name, content: note.content } : EMPTY_DRAFT;

/**
 * The note editor (product.md §2): title, text and Create Note / Save Note. `note` is undefined for a new note; for an
 * existing one it is the cached copy, replaced by the server's when that arrives (taken only while the user has
 * not started typing). A failed save keeps the text and shows the server's message.
 */
export function NoteEditor({ note }: { note?: Note }) {
  const navigate = useNavigate();
  const addNotes = useTurtleStore((state) => state.addNotes);
  const userId = useTurtleStore((state) => state.user.id);
  const isNew = note === undefined;
  const [saved, setSaved] = useState(() => toDraft(note));
  // A new note starts from the draft this person left on this device, if any (decision 008).
  const [draft, setDraft] = useState(() => (isNew ? (loadNewNoteDraft(userId) ?? saved) : saved));
  const [shownNote, setShownNote] = useState(note);
  // The version this editor's own save wrote: its echo from the cache must not reset what is being typed.
  const [ownVersion, setOwnVersion] = useState<number>();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // A new note's create keeps its key while the text stays the same: saving again after a lost answer is a retry.
  const createAttempt = useRef<CreateAttempt<NoteDraft>>(undefined);

  const dirty = hasUnsavedChanges(draft, saved);
  // A found source opens the note at its passage (`?p=`, decision 039), marked until the text changes.
  const [params] = useSearchParams();
  const position = params.get('p');
  const opened = useMemo(() => (note ? passageAt(note.content, position) : undefined), [note, position]);
  const openedAt = opened && note && draft.content === note.content ? opened : undefined;
  if (note !== shownNote) {
    setShownNote(note);
    if (!dirty && note?.updatedAt !== ownVersion) {
      setSaved(toDraft(note));
      setDraft(toDraft(note));
    }
  }

  const existingSave = useSaveExistingNote({
    note,
    draft,
    saved,
    onSaved: (sent, stored) => {
      setSaved(sent);
      setOwnVersion(stored.updatedAt);
    },
  });
  useEffect(() => {
    if (isNew && userId) storeNewNoteDraft(userId, draft);
  }, [isNew, userId, draft]);

  // `allowLeave` lets the saved editor go without "Discard changes?".
  const saveAndLeave = useServerMutation(
    async (allowLeave: () => void) => {
      if (note) {
        // Based on the version the editor holds: an edit saved elsewhere meanwhile is refused, not overwritten.
        const result = await existingSave.saveNow();
        if (!result.ok) refuseInput(result.message);
      } else {
        createAttempt.current = attemptFor(createAttempt.current, draft, (a, b) => !hasUnsavedChanges(a, b));
        const savedNote = await saveNote({ name: draft.name, content: draft.content }, createAttempt.current.key);
        addNotes([savedNote]);
        clearNewNoteDraft();
      }
      allowLeave();
      await navigate('/notes');
    },
    { onError: (error) => showAlert(errorMessage(error)) },
  );
  // From the click until the notes list shows; a failure keeps the text and frees the button.
  const saving = saveAndLeave.busy || saveAndLeave.done;

  // Any edit not saved holds navigation: "Back" and every other way out leave without saving (product.md §2), after
  // "Discard changes?".
  const held = dirty && !saving;
  const { blocker, allowLeave } = useUnsavedChangesPrompt(held, { warnOnUnload: held });
  const enabled = canSave(draft, saving);
  const contentTooLong = draft.content.length > NOTE_CONTENT_MAX_LENGTH;

  const save = async () => {
    if (enabled) await saveAndLeave.run(allowLeave);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  // Ctrl+S / Cmd+S saves; Enter in the title moves on to the text instead of submitting.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key.toLowerCase() === 's' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void save();
    }
  };
  const onTitleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      contentRef.current?.focus();
    }
  };

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} className="flex flex-col gap-4" noValidate>
      <div className="sticky top-16 z-10 -mx-4 -mt-8 flex items-center gap-3 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:mt-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
        <Link to="/notes" className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-center text-base font-semibold text-slate-900 sm:text-left sm:text-lg">
          {isNew ? 'New note' : 'Edit note'}
        </h1>
        {note && !dirty && note.content.trim() && (
          <Link
            to={makeCardsHref({ kind: 'note', noteId: note.id })}
            className={buttonClass('secondary', 'md', 'px-3')}
            title="Draft flashcards from this note"
          >
            <Layers className="size-4" aria-hidden="true" />
            <span className="hidden sm:inline">Make cards</span>
            <span className="sr-only sm:hidden">Make cards</span>
          </Link>
        )}
        <SaveState isNew={isNew} dirty={dirty} state={existingSave.state} />
        <Button type="submit" disabled={!enabled} aria-busy={saving || undefined}>
          {saving && <Spinner />}
          {isNew ? 'Create Note' : 'Save Note'}
        </Button>
      </div>

      <div className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:border-brand-300 focus-within:ring-1 focus-within:ring-brand-300">
        <label htmlFor="note-title" className="sr-only">
          Title
        </label>
        <input
          id="note-title"
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          onKeyDown={onTitleKeyDown}
          maxLength={NOTE_TITLE_MAX_LENGTH}
          placeholder="Note title"
          autoComplete="off"
          autoFocus={isNew}
          className="w-full rounded-t-2xl bg-transparent px-4 pt-5 pb-3 text-xl font-semibold text-slate-900 placeholder:text-slate-400 focus:outline-none sm:px-6 sm:pt-6 sm:text-2xl"
        />
        <div className="mx-4 border-t border-slate-100 sm:mx-6" />
        <label htmlFor="note-content" className="sr-only">
          Content
        </label>
        <div className="relative">
          {openedAt && <PassageHighlight text={draft.content} span={openedAt} area={contentRef} className={TEXT_BOX} />}
          <textarea
            id="note-content"
            ref={contentRef}
            value={draft.content}
            onChange={(event) => setDraft({ ...draft, content: event.target.value })}
            placeholder="Start typing your note..."
            aria-invalid={contentTooLong || undefined}
            aria-describedby={contentTooLong ? 'note-content-error' : undefined}
            className={`relative h-[calc(100dvh-17rem)] min-h-64 w-full resize-none bg-transparent text-slate-800 placeholder:text-slate-400 focus:outline-none sm:h-[calc(100dvh-19rem)] sm:min-h-80 ${TEXT_BOX}`}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-b-2xl border-t border-slate-100 bg-slate-50/70 px-4 py-2.5 sm:px-6">
          {contentTooLong && (
            <p id="note-content-error" className="flex items-center gap-1.5 text-sm text-red-700">
              <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
              Note is too long: at most {NOTE_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters.
            </p>
          )}
          <div className="ml-auto flex gap-4">
            <CharacterCount label="Title" length={draft.name.length} max={NOTE_TITLE_MAX_LENGTH} />
            <CharacterCount label="Content" length={draft.content.length} max={NOTE_CONTENT_MAX_LENGTH} />
          </div>
        </div>
      </div>

      <DiscardChangesDialog blocker={blocker} onDiscard={isNew ? clearNewNoteDraft : undefined} />
    </form>
  );
}
