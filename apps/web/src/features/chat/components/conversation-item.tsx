import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { CONVERSATION_TITLE_MAX_LENGTH, type ConversationSummary } from '@turtle/shared/conversation';
import { showAlert } from '../../../lib/alert-store';
import { cn } from '../../../lib/cn';
import { renameConversation } from '../api/conversations';
import { errorMessage } from '../../../lib/error-message';
import { useServerMutation } from '../../../lib/query/use-server-mutation';

interface ConversationItemProps {
  conversation: ConversationSummary;
  active: boolean;
  onOpen(): void;
  onRenamed(conversation: ConversationSummary): void;
  onDelete(): void;
}

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/** One conversation in the side list: opens it; rename in place (Enter saves, Escape cancels); delete asks first. */
export function ConversationItem({ conversation, active, onOpen, onRenamed, onDelete }: ConversationItemProps) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  const renaming = useServerMutation(
    async (next: string) => {
      onRenamed(await renameConversation(conversation.id, next));
      setEditing(false);
    },
    { onError: (error) => showAlert(errorMessage(error)) },
  );
  const saving = renaming.busy;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const next = title.trim();
    if (next === '' || next === conversation.title) {
      setEditing(false);
      setTitle(conversation.title);
      return;
    }
    await renaming.run(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setEditing(false);
    setTitle(conversation.title);
  };

  if (editing) {
    return (
      <form
        onSubmit={(event) => void save(event)}
        className="flex items-center gap-1 rounded-lg bg-white p-1 ring-1 ring-brand-300"
      >
        <input
          autoFocus
          aria-label="Conversation name"
          value={title}
          maxLength={CONVERSATION_TITLE_MAX_LENGTH}
          disabled={saving}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 rounded-md px-2 py-1 text-sm outline-none"
        />
        <button type="submit" aria-label="Save name" className={iconButton} disabled={saving}>
          <Check aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          aria-label="Cancel renaming"
          className={iconButton}
          onClick={() => {
            setEditing(false);
            setTitle(conversation.title);
          }}
        >
          <X aria-hidden className="size-4" />
        </button>
      </form>
    );
  }

  return (
    <div
      className={cn(
        'group flex items-center gap-1 rounded-lg pr-1 transition-colors',
        active ? 'bg-white shadow-sm ring-1 ring-slate-200' : 'hover:bg-slate-100',
      )}
    >
      <Link
        to={`/chats?c=${encodeURIComponent(conversation.id)}`}
        onClick={onOpen}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'min-w-0 flex-1 truncate rounded-lg px-3 py-2 text-sm',
          active ? 'font-semibold text-slate-900' : 'text-slate-700',
        )}
      >
        {conversation.title}
      </Link>
      <div
        className={cn(
          'flex',
          active
            ? 'opacity-100'
            : 'opacity-100 md:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100',
        )}
      >
        <button
          type="button"
          aria-label={`Rename "${conversation.title}"`}
          className={iconButton}
          onClick={() => {
            setTitle(conversation.title);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden className="size-3.5" />
        </button>
        <button type="button" aria-label={`Delete "${conversation.title}"`} className={iconButton} onClick={onDelete}>
          <Trash2 aria-hidden className="size-3.5" />
        </button>
      </div>
    </div>
  );
}
