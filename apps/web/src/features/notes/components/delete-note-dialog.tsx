import type { Note } from '@turtle/shared/note';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { showAlert } from '../../../lib/alert-store';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useTurtleStore } from '../../../lib/turtle-store';
import { deleteNote } from '../api/delete-note';
import { restoreNote } from '../api/restore-note';

/** How long the toast offers Undo; the server keeps the note restorable longer (decision 022). */
const UNDO_TOAST_MS = 10_000;

/** The Undo of a delete: the note comes back as it was, with its id, so mentions and card sources still find it. */
async function undoDelete(note: Note) {
  try {
    useTurtleStore.getState().addNotes([await restoreNote(note.id)]);
    toast(`“${note.name}” restored.`);
  } catch (error) {
    showAlert(errorMessage(error));
  }
}

const remove = (note: Note) => deleteNote(note.id);

function onDeleted(note: Note, alreadyGone: boolean) {
  useTurtleStore.getState().removeNote(note.id);
  if (alreadyGone) return;
  toast(`“${note.name}” deleted.`, 'info', {
    duration: UNDO_TOAST_MS,
    action: { label: 'Undo', onClick: () => void undoDelete(note) },
  });
}

/**
 * product.md §2: "Delete Note" asks first; Delete removes the note on the server, then from the list, and a toast offers
 * Undo (issue 15, item 8).
 */
export function DeleteNoteDialog({ note, onClose }: { note: Note | null; onClose: () => void }) {
  return (
    <DeleteDialog
      item={note}
      title="Delete Note"
      description="Are you sure you want to delete this note? You can undo it right after."
      remove={remove}
      onDeleted={onDeleted}
      onClose={onClose}
    />
  );
}
