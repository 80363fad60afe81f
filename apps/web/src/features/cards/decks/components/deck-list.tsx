import { ChevronDown, ChevronRight, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DeckSummary } from '@turtle/shared/cards';
import { buttonClass } from '../../../../components/ui/button';

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className={`font-semibold tabular-nums ${value ? tone : 'text-slate-400'}`}>{value}</span>
      <span className="text-slate-500">{label}</span>
    </span>
  );
}

/** Hidden while a deck above it is collapsed (the list comes parents first: docs/decisions/041-subdecks.md). */
function visibleDecks(decks: DeckSummary[], collapsed: Set<string>) {
  const hidden = new Set<string>();
  return decks.filter((deck) => {
    if (deck.parentId && (hidden.has(deck.parentId) || collapsed.has(deck.parentId))) {
      hidden.add(deck.id);
      return false;
    }
    return true;
  });
}

/**
 * The decks as a tree, subdecks indented under their parent (collapsible), each with its cards and what today's queue
 * holds for it, its subdecks' included: studying a parent studies them too (docs/decisions/041-subdecks.md).
 */
export function DeckList({ decks }: { decks: DeckSummary[] }) {
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const parents = new Set(decks.map((deck) => deck.parentId).filter(Boolean));
  const toggle = (id: string) =>
    setCollapsed((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul aria-label="Decks" className="flex flex-col gap-3">
      {visibleDecks(decks, collapsed).map((deck) => {
        const { cards, due } = deck.total;
        const dueNow = due.new + due.learning + due.review;
        const isParent = parents.has(deck.id);
        const open = !collapsed.has(deck.id);
        return (
          <li
            key={deck.id}
            style={{ marginLeft: `${Math.min(deck.depth, 4) * 1.25}rem` }}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-white px-4 py-3.5 shadow-sm ring-1 ring-slate-200 sm:px-5"
          >
            <div className="flex min-w-0 flex-1 items-start gap-1.5">
              {isParent && (
                <button
                  type="button"
                  className="-ml-2 inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  aria-expanded={open}
                  aria-label={`${open ? 'Hide' : 'Show'} the subdecks of ${deck.name}`}
                  onClick={() => toggle(deck.id)}
                >
                  {open ? (
                    <ChevronDown className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <ChevronRight className="h-4 w-4" aria-hidden="true" />
                  )}
                </button>
              )}
              <div className="min-w-0 flex-1">
                <h2 className="truncate text-base font-semibold text-slate-900">
                  <Link
                    to={`/cards/decks/${encodeURIComponent(deck.id)}`}
                    className="hover:text-brand-800 hover:underline"
                    title={deck.name}
                  >
                    {deck.label}
                  </Link>
                </h2>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm">
                  <span className="text-slate-500">
                    {cards} {cards === 1 ? 'card' : 'cards'}
                  </span>
                  <Count label="new" value={due.new} tone="text-sky-700" />
                  <Count label="learning" value={due.learning} tone="text-amber-700" />
                  <Count label="due" value={due.review} tone="text-brand-700" />
                </p>
              </div>
            </div>
            {dueNow > 0 && (
              <Link
                to={`/cards/review?deck=${encodeURIComponent(deck.id)}`}
                className={buttonClass('secondary', 'sm')}
                aria-label={`Study ${deck.name}`}
              >
                <Play className="size-3.5" aria-hidden="true" />
                Study
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
