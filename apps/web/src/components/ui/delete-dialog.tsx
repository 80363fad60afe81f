import { useState, type ReactNode } from 'react';
import { showAlert } from '../../lib/alert-store';
import { errorMessage, isNotFound } from '../../lib/error-message';
import { ConfirmDialog } from './confirm-dialog';

export interface DeleteDialogProps<T> {
  /** What is to be deleted; the dialog is open while there is one. */
  item: T | null;
  title: string;
  description: ReactNode;
  /** Deletes it on the server. */
  remove: (item: T) => Promise<unknown>;
  /**
   * It is gone: deleted now, or `alreadyGone` when the server answered 404 (deleted in another tab or on another
   * device, which is what the person wanted anyway).
   */
  onDeleted: (item: T, alreadyGone: boolean) => void;
  onClose: () => void;
}

/**
 * "Delete" asks first; Delete calls the server with both buttons busy, then closes. Any failure but a 404 keeps the
 * item and shows the server's message in the alert bar.
 */
export function DeleteDialog<T>({ item, title, description, remove, onDeleted, onClose }: DeleteDialogProps<T>) {
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    if (item === null) return;
    setBusy(true);
    try {
      await remove(item);
      onDeleted(item, false);
    } catch (error) {
      if (isNotFound(error)) onDeleted(item, true);
      else showAlert(errorMessage(error));
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel="Delete"
      tone="danger"
      busy={busy}
      onConfirm={() => void onConfirm()}
    />
  );
}
