import { AlertCircle, ArrowDown, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ConversationMessage } from '@turtle/shared/conversation';
import { ScrollArea } from '../../../components/ui/scroll-area';
import { cn } from '../../../lib/cn';
import { ChatMessageView } from './chat-message-view';
import { MarkdownMessage, usePreloadMarkdownRenderer } from '../../../components/markdown/markdown-message';
import { TypingIndicator } from '../../../components/markdown/typing-indicator';
import { useScrollToMessage } from './use-scroll-to-message';
import { useStickToBottom } from './use-stick-to-bottom';

/** product.md §2: every chat opens with this assistant message. */
export const CHAT_GREETING = "Hello! I'm your AI assistant. How can I help you today?";

const GREETING: ConversationMessage = {
  id: 'greeting',
  role: 'assistant',
  content: CHAT_GREETING,
  timestamp: 0,
  status: 'complete',
};

interface MessageListProps {
  messages: ConversationMessage[];
  /** The reply streaming in: the typing indicator while it is empty, then its text with the indicator after it. */
  live?: { content: string } | null;
  /** Offered on the last message when it is the assistant's (and nothing is streaming). */
  onRegenerate?: () => void;
  className?: string;
  /** Offers "Make cards" under finished replies (kept conversations). */
  makeCards?: boolean;
  /** A message to scroll to and highlight (`?m=` in the address). */
  focusMessageId?: string | null;
  /** The person's message that could not be sent: marked, with Retry when `onRetry` is given. */
  unsent?: { id: string; onRetry?: () => void } | null;
  /** Shown in place of the greeting's silence in an empty conversation (the chat's `@` tips). */
  emptyState?: ReactNode;
}

/** Under a message that did not reach the server. */
function UnsentNote({ onRetry }: { onRetry?: () => void }) {
  return (
    <p className="mt-1 flex items-center justify-end gap-2 text-sm text-red-700">
      <AlertCircle className="size-4" aria-hidden="true" />
      Not sent.
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <RotateCw className="size-3.5" aria-hidden="true" />
          Retry
        </button>
      )}
    </p>
  );
}

/** The reply while it streams: not a message yet (product.md §4), so no time, no buttons. */
function LiveReply({ content }: { content: string }) {
  return (
    <div className="chat-message-in-assistant w-full" data-role="assistant" aria-busy="true">
      {content && <MarkdownMessage markdown={content} />}
      <TypingIndicator className={content ? 'mt-1' : undefined} />
    </div>
  );
}

/**
 * The conversation (product.md §2): the greeting, then every message, then the live reply. It is its own scroll area, as
 * tall as its parent, with the overlay scrollbar of product.md §9 (`ScrollArea`: shown while it scrolls, hidden 600 ms
 * after, a thumb of at least 18 px): it follows a streaming reply down until the person scrolls up, and then offers
 * "Jump to latest".
 */
export function MessageList({
  messages,
  live,
  onRegenerate,
  className,
  makeCards,
  focusMessageId,
  unsent,
  emptyState,
}: MessageListProps) {
  usePreloadMarkdownRenderer();
  const lastMessage = messages.at(-1);
  // Changes whenever something is added or grows; heights changing on their own are watched too.
  const changeKey = `${messages.length}:${lastMessage?.id}:${lastMessage?.content.length}:${live?.content.length ?? -1}`;
  const { scrollRef, contentRef, onScroll, atBottom, jumpToLatest } = useStickToBottom(changeKey);
  const highlighted = useScrollToMessage(scrollRef, focusMessageId, messages.length > 0);

  return (
    <ScrollArea
      className={cn('h-full', className)}
      viewportRef={scrollRef}
      contentRef={contentRef}
      onScroll={onScroll}
      viewportClassName="relative"
    >
      <ol aria-label="Messages" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6">
        <li>
          <ChatMessageView message={GREETING} hideActions />
        </li>
        {messages.map((message) => (
          <li
            key={message.id}
            data-message-id={message.id}
            className={cn(
              'rounded-xl transition-shadow duration-700',
              highlighted === message.id && 'bg-brand-50/60 ring-2 ring-brand-300 ring-offset-8',
            )}
          >
            <ChatMessageView
              message={message}
              makeCards={makeCards && message.role === 'assistant' && message.status !== 'streaming'}
              onRegenerate={!live && message === lastMessage && message.role !== 'user' ? onRegenerate : undefined}
            />
            {unsent?.id === message.id && <UnsentNote onRetry={unsent.onRetry} />}
          </li>
        ))}
        {messages.length === 0 && !live && emptyState && <li>{emptyState}</li>}
        {live && (
          <li>
            <LiveReply content={live.content} />
          </li>
        )}
      </ol>
      {!atBottom && (
        <div className="pointer-events-none sticky bottom-4 z-10 flex h-0 items-end justify-center">
          <button
            type="button"
            onClick={jumpToLatest}
            aria-label="Jump to latest"
            title="Jump to latest"
            className="pointer-events-auto inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-lg ring-1 ring-slate-200 transition hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <ArrowDown className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </ScrollArea>
  );
}
