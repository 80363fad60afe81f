import { SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import type { ConversationSummary } from '@turtle/shared/conversation';
import { buttonClass } from '../../../components/ui/button';
import type { ConversationList } from '../hooks/use-conversation-list';
import { ConversationItem } from './conversation-item';

interface ConversationSidebarProps {
  list: ConversationList;
  activeId: string | null;
  /** A conversation was opened or a new one started (the phone drawer closes). */
  onNavigate(): void;
  onDelete(conversation: ConversationSummary): void;
}

/** "New chat" and the person's conversations, latest first. */
export function ConversationSidebar({ list, activeId, onNavigate, onDelete }: ConversationSidebarProps) {
  return (
    <nav aria-label="Conversations" className="flex h-full flex-col gap-3 p-3">
      <Link to="/chats?new=1" onClick={onNavigate} className={buttonClass('secondary', 'md', 'w-full justify-start')}>
        <SquarePen aria-hidden className="size-4" />
        New chat
      </Link>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.error && <p className="px-2 text-sm text-red-700">{list.error}</p>}
        {list.loaded && !list.error && list.conversations.length === 0 && (
          <p className="px-2 py-1 text-sm text-slate-500">Your conversations will appear here.</p>
        )}
        <ul className="flex flex-col gap-1">
          {list.conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationItem
                conversation={conversation}
                active={conversation.id === activeId}
                onOpen={onNavigate}
                onRenamed={list.upsert}
                onDelete={() => onDelete(conversation)}
              />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
