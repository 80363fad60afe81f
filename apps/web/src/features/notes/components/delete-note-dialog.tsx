import { useState } from 'react';
import type { Note } from '@turtle/shared/note';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alert-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { deleteNote } from '../api/delete-note';
import { errorMessage, isNotFound } from '../../../lib/error-message';

/** product.md §2: "Delete Note" asks first; Delete removes the note on the server, then from the list. */
export function DeleteNoteDialog({ note, onClose }: { note: Note | null; onClose: () => void }) {
  const removeNote = useTurtleStore((state) => state.removeNote);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    if (!note) return;
    setBusy(true);
    try {
      await deleteNote(note.id);
      removeNote(note.id);
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
      description="Are you sure you want to delete this note? This action cannot be undone."
      confirmLabel="Delete"
      tone="danger"
      busy={busy}
      onConfirm={() => void onConfirm()}
    />
  );
}
