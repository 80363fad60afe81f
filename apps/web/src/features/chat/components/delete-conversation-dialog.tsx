import type { ConversationSummary } from '@turtle/shared/conversation';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { deleteConversation } from '../api/conversations';

interface DeleteConversationDialogProps {
  conversation: ConversationSummary | null;
  onClose(): void;
  onDeleted(id: string): void;
}

const remove = (conversation: ConversationSummary) => deleteConversation(conversation.id);

/** Deleting a conversation asks first; a reply still being written in it stops. */
export function DeleteConversationDialog({ conversation, onClose, onDeleted }: DeleteConversationDialogProps) {
  return (
    <DeleteDialog
      item={conversation}
      title="Delete conversation"
      description={
        <>Are you sure you want to delete &ldquo;{conversation?.title}&rdquo;? This action cannot be undone.</>
      }
      remove={remove}
      onDeleted={(deleted) => onDeleted(deleted.id)}
      onClose={onClose}
    />
  );
}
