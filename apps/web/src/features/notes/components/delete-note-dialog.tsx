import { useState } from 'react';
import type { Note } from '@turtle/shared/note';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alert-store';
import { toast } from '../../../lib/toast';
import { useTurtleStore } from '../../../lib/turtle-store';
import { deleteNote } from '../api/delete-note';
import { restoreNote } from '../api/restore-note';
import { errorMessage, isNotFound } from '../../../lib/error-message';

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

/**
 * product.md §2: "Delete Note" asks first; Delete removes the note on the server, then from the list, and a toast offers
 * Undo (issue 15, item 8).
 */
export function DeleteNoteDialog({ note, onClose }: { note: Note | null; onClose: () => void }) {
  const removeNote = useTurtleStore((state) => state.removeNote);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    if (!note) return;
    setBusy(true);
    try {
      await deleteNote(note.id);
      removeNote(note.id);
      toast(`“${note.name}” deleted.`, 'info', {
        duration: UNDO_TOAST_MS,
        action: { label: 'Undo', onClick: () => void undoDelete(note) },
      });
    } catch (error) {
      // Already gone (deleted on another device): what the user wanted.
      if (isNotFound(error)) removeNote(note.id);
      else showAlert(errorMessage(error));
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={note !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Note"
      description="Are you sure you want to delete this note? You can undo it right after."
      confirmLabel="Delete"
      tone="danger"
      busy={busy}
      onConfirm={() => void onConfirm()}
    />
  );
}
