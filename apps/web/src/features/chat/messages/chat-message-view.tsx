import { useMemo } from 'react';
import type { ConversationMessage } from '@turtle/shared/conversation';
import { cn } from '../../../lib/cn';
import { AssistantFooter, AssistantNotes } from './assistant-extras';
import { MarkdownMessage } from '../../../components/markdown/markdown-message';
import { sanitizeMessageHtml } from './sanitize-message-html';
import '../../../components/markdown/messages.css';

/** Hour and minute of a message (product.md §2: the time exists but is hidden by default). */
function MessageTime({ timestamp }: { timestamp: number }) {
  const date = new Date(timestamp);
  return (
    <time dateTime={date.toISOString()} data-message-time="" className="sr-only">
      {date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
    </time>
  );
}

/** The person's message: a grey bubble on the right, its composer HTML sanitized (or its plain text). */
function UserMessage({ message }: { message: ConversationMessage }) {
  // HTML that sanitizes to nothing visible falls back to the plain text.
  const html = useMemo(() => {
    if (!message.htmlContent) return undefined;
    const clean = sanitizeMessageHtml(message.htmlContent);
    // Parsed in an inert template: nothing loads.
    const parsed = document.createElement('template');
    parsed.innerHTML = clean;
    return parsed.content.textContent?.trim() || parsed.content.querySelector('img') ? clean : undefined;
  }, [message.htmlContent]);
  const bubble = cn(
    'max-w-[80%] rounded-3xl rounded-br-lg bg-slate-100 px-4 py-2.5 text-[0.9375rem]/6 break-words whitespace-pre-wrap text-slate-900',
    // The composer's HTML: paragraphs, mention tokens and links.
    '[&_p]:my-0 [&_p+p]:mt-2 [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
    '[&_code]:rounded [&_code]:bg-white/70 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]',
    '[&_[data-lexical-beautiful-mention]]:rounded-md [&_[data-lexical-beautiful-mention]]:bg-brand-100 [&_[data-lexical-beautiful-mention]]:px-1 [&_[data-lexical-beautiful-mention]]:font-medium [&_[data-lexical-beautiful-mention]]:text-brand-900',
  );
  return (
    <div className="chat-message-in-user flex flex-col items-end" data-role="user">
      <span className="sr-only">You said:</span>
      {html !== undefined ? (
        <div className={bubble} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div className={bubble}>{message.content}</div>
      )}
      <MessageTime timestamp={message.timestamp} />
    </div>
  );
}

interface ChatMessageViewProps {
  message: ConversationMessage;
  /** Shows a "Regenerate" button under an assistant reply (the caller decides which reply gets one). */
  onRegenerate?: () => void;
  /** No Copy or Regenerate buttons (the greeting). */
  hideActions?: boolean;
  /** Offers "Make cards" under a finished reply. */
  makeCards?: boolean;
}

/**
 * One chat message (product.md §2 and §3): role "user" is the person's bubble; any other role is the assistant's reply,
 * full width, as markdown, with a Copy button, the "Stopped" and length-limit notes and the notes it used.
 */
export function ChatMessageView({ message, onRegenerate, hideActions = false, makeCards }: ChatMessageViewProps) {
  if (message.role === 'user') return <UserMessage message={message} />;
  return (
    <div className="chat-message-in-assistant group/reply w-full" data-role="assistant">
      <span className="sr-only">The assistant said:</span>
      {/* product.md §2: rendered as markdown from htmlContent, or from content when htmlContent is missing. */}
      <MarkdownMessage markdown={message.htmlContent || message.content} />
      <MessageTime timestamp={message.timestamp} />
      <AssistantNotes message={message} />
      <AssistantFooter message={message} onRegenerate={onRegenerate} hideActions={hideActions} makeCards={makeCards} />
    </div>
  );
}
