import { BookOpen, CircleStop, Layers, RotateCcw, SearchX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { makeCardsHref } from '@turtle/shared/cards-links';
import type { ConversationMessage } from '@turtle/shared/conversation';
import { formatClock } from '@turtle/shared/lesson-helpers';
import { SEMANTIC_UNAVAILABLE_NOTE } from '@turtle/shared/search-helpers';
import { passageHref, sourceLocation } from '@turtle/shared/source-links';
import { CopyButton } from '../../../components/markdown/copy-button';
import { wasKeywordOnly } from '../lib/keyword-only-replies';
import { SourceMakeCards } from './source-make-cards';

export const TRUNCATED_NOTE = "The reply was cut short by the model's length limit.";

/**
 * Under a reply: the length-limit note and the notes the model was given ("Sources"), a found passage with the
 * number the reply cites it by (decision 036), opening its place: the note, the past chat's message, the lesson's
 * moment (decision 039); and when semantic search failed for it, that its sources were found by their words only
 * (docs/decisions/048-semantic-search.md).
 */
export function AssistantNotes({ message }: { message: ConversationMessage }) {
  const sources = message.sources ?? [];
  const keywordOnly = message.semantic === 'unavailable' || wasKeywordOnly(message.id);
  if (!message.truncated && sources.length === 0 && !keywordOnly) return null;
  return (
    <div className="mt-3 flex flex-col gap-1.5 text-sm">
      {message.truncated && (
        <p className="flex items-start gap-1.5 text-amber-800">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {TRUNCATED_NOTE}
        </p>
      )}
      {keywordOnly && (
        <p className="flex items-start gap-1.5 text-slate-600">
          <SearchX className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
          {SEMANTIC_UNAVAILABLE_NOTE}
        </p>
      )}
      {sources.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-slate-600">
          <BookOpen className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span>Sources: </span>
          {sources.map((source, index) => (
            <span key={`${source.id}:${source.citation ?? ''}`}>
              <Link
                to={passageHref(sourceLocation(source))}
                className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
              >
                {source.citation !== undefined && `[${source.citation}] `}
                {source.name || 'Untitled Note'}
                {source.kind === 'lesson' && ` ${formatClock(source.startMs ?? 0)}`}
              </Link>
              <SourceMakeCards source={source} />
              {index < sources.length - 1 ? ',' : ''}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

interface AssistantFooterProps {
  message: ConversationMessage;
  onRegenerate?: () => void;
  hideActions: boolean;
  /** Offers "Make cards" (kept replies only: the server drafts from the saved reply). */
  makeCards?: boolean;
}

const actionClass = 'text-slate-500 hover:bg-slate-100 hover:text-slate-900';

/** The row under a finished reply: "Stopped" when Stop cut it, then Copy and (when offered) Regenerate. */
export function AssistantFooter({ message, onRegenerate, hideActions, makeCards }: AssistantFooterProps) {
  const stopped = message.status === 'stopped';
  const actions = !hideActions && message.status !== 'streaming';
  if (!stopped && !actions) return null;
  return (
    <div className="mt-2 -ml-2 flex flex-wrap items-center gap-1">
      {stopped && (
        <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
          <CircleStop className="size-3.5" aria-hidden="true" />
          Stopped
        </span>
      )}
      {actions && (
        <>
          <CopyButton label="Copy reply" text={() => message.content} className={actionClass} />
          {onRegenerate && (
            <button
              type="button"
              onClick={onRegenerate}
              className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${actionClass}`}
            >
              <RotateCcw className="size-3.5" aria-hidden="true" />
              Regenerate
            </button>
          )}
          {makeCards && message.content.trim() && (
            <Link
              to={makeCardsHref({ kind: 'chat', messageId: message.id })}
              className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${actionClass}`}
            >
              <Layers className="size-3.5" aria-hidden="true" />
              Make cards
            </Link>
          )}
        </>
      )}
    </div>
  );
}
