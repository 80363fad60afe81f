import { BookOpen } from 'lucide-react';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { MessageSource } from '@turtle/shared/conversation';
import { passageHref, sourceLocation } from '@turtle/shared/source-links';
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

/**
 * Under an answer: the learner's notes and cards it was given, by the number it cites them with (decision 044), each
 * opening in a new tab so the lesson stays where it is.
 */
function TutorSources({ sources }: { sources: MessageSource[] }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-600">
      <BookOpen className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <span>Sources: </span>
      {sources.map((source, index) => (
        <span key={`${source.id}:${source.citation ?? ''}`}>
          <a
            href={passageHref(sourceLocation(source))}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
          >
            {source.citation !== undefined && `[${source.citation}] `}
            {source.name || 'Untitled Note'}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {index < sources.length - 1 ? ',' : ''}
        </span>
      ))}
    </p>
  );
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
            {message.sources && <TutorSources sources={message.sources} />}
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
