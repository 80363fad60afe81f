import { useEffect, useRef, type MouseEvent } from 'react';
import { MarkdownMessage, usePreloadMarkdownRenderer } from '../../../components/markdown/markdown-message';
import { TypingIndicator } from '../../../components/markdown/typing-indicator';
import type { TutorMessage } from '../hooks/use-tutor-chat';
import { seekTargetOf, withTimestampLinks } from '../lib/timestamp-links';
import './tutor-pane.css';

interface TutorMessagesProps {
  messages: TutorMessage[];
  /** The reply so far while it streams; '' before its first word. */
  live: string | null;
  error: string | null;
  onSeek: (ms: number) => void;
}

/** The conversation, newest at the bottom and kept in view; a `[mm:ss]` chip in an answer seeks the player. */
export function TutorMessages({ messages, live, error, onSeek }: TutorMessagesProps) {
  usePreloadMarkdownRenderer();
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, live, error]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const ms = seekTargetOf(link?.getAttribute('href'));
    if (ms === undefined) return;
    event.preventDefault();
    onSeek(ms);
  };

  return (
    <div role="log" aria-label="Conversation with the tutor" className="flex flex-col gap-4 px-4 py-4 sm:px-5">
      {messages.length === 0 && live === null && (
        <p className="text-sm text-slate-500">
          Ask about anything in this lesson. Answers can point to moments in it: select a time to jump there.
        </p>
      )}
      {messages.map((message) =>
        message.sender === 'user' ? (
          <div
            key={message.id}
            className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-4 py-2 whitespace-pre-wrap text-white"
          >
            {message.content}
          </div>
        ) : (
          // A chip is a link (reachable by keyboard); its click, Enter included, bubbles up to here.
          <div key={message.id} className="tutor-reply max-w-full" onClick={onClick}>
            <MarkdownMessage markdown={withTimestampLinks(message.content)} />
            {message.stopped && <p className="mt-1 text-xs font-medium text-slate-500">Stopped</p>}
          </div>
        ),
      )}
      {live !== null &&
        (live === '' ? (
          <TypingIndicator />
        ) : (
          <div className="tutor-reply max-w-full" aria-busy="true" onClick={onClick}>
            <MarkdownMessage markdown={withTimestampLinks(live)} />
          </div>
        ))}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
      <div ref={end} />
    </div>
  );
}
