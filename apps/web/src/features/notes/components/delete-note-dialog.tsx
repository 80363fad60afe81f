import type { Note } from '@turtle/shared/note';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { toast } from '../../../lib/toast';
import { useTurtleStore } from '../../../lib/turtle-store';
import { deleteNote } from '../api/delete-note';

const remove = (note: Note) => deleteNote(note.id);

function onDeleted(note: Note, alreadyGone: boolean) {
  useTurtleStore.getState().removeNote(note.id);
  if (!alreadyGone) toast(`“${note.name}” deleted.`);
}

/**
 * product.md §2: "Delete Note" asks first, in the spec's words; Delete removes the note for good on the server, then
 * from the list. The dialog says the delete cannot be undone, so nothing offers an Undo (decision 022).
 */
export function DeleteNoteDialog({ note, onClose }: { note: Note | null; onClose: () => void }) {
  return (
    <DeleteDialog
      item={note}
      title="Delete Note"
      description="Are you sure you want to delete this note? This action cannot be undone."
      remove={remove}
      onDeleted={onDeleted}
      onClose={onClose}
    />
  );
}
