import { Layers } from 'lucide-react';
import { Link } from 'react-router';
import { passageCardsHref } from '@turtle/shared/cards-links';
import type { MessageSource } from '@turtle/shared/conversation';
import { sourceLocation } from '@turtle/shared/source-links';

/**
 * "Make cards" beside a reply's source: drafts cards from exactly that passage, each pointing back to it
 * (docs/decisions/050-cards-from-a-source.md).
 */
export function SourceMakeCards({ source }: { source: MessageSource }) {
  return (
    <Link
      to={passageCardsHref(sourceLocation(source))}
      title="Make cards"
      className="inline-flex size-6 items-center justify-center rounded-md align-middle text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Layers className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Make cards from {source.name || 'Untitled Note'}</span>
    </Link>
  );
}
