import { useState } from 'react';
import type { ConversationSummary } from '@turtle/shared/conversation';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alert-store';
import { deleteConversation } from '../api/conversations';
import { errorMessage, isNotFound } from '../../../lib/error-message';

interface DeleteConversationDialogProps {
  conversation: ConversationSummary | null;
  onClose(): void;
  onDeleted(id: string): void;
}

/** Deleting a conversation asks first; a reply still being written in it stops. */
export function DeleteConversationDialog({ conversation, onClose, onDeleted }: DeleteConversationDialogProps) {
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    if (!conversation) return;
    setBusy(true);
    try {
      await deleteConversation(conversation.id);
      onDeleted(conversation.id);
    } catch (error) {
      // Already gone (deleted in another tab): what the person wanted.
      if (isNotFound(error)) onDeleted(conversation.id);
      else showAlert(errorMessage(error));
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open={conversation !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete conversation"
      description={
        <>Are you sure you want to delete &ldquo;{conversation?.title}&rdquo;? This action cannot be undone.</>
      }
      confirmLabel="Delete"
      tone="danger"
      busy={busy}
      onConfirm={() => void onConfirm()}
    />
  );
}
