import { Play } from 'lucide-react';
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

/** The decks, each with its cards and what today's queue holds for it. */
export function DeckList({ decks }: { decks: DeckSummary[] }) {
  return (
    <ul aria-label="Decks" className="flex flex-col gap-3">
      {decks.map((deck) => {
        const due = deck.due.new + deck.due.learning + deck.due.review;
        return (
          <li
            key={deck.id}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-white px-4 py-3.5 shadow-sm ring-1 ring-slate-200 sm:px-5"
          >
            <div className="min-w-0 flex-1">
              <h2 className="truncate text-base font-semibold text-slate-900">
                <Link
                  to={`/cards/decks/${encodeURIComponent(deck.id)}`}
                  className="hover:text-brand-800 hover:underline"
                >
                  {deck.name}
                </Link>
              </h2>
              <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm">
                <span className="text-slate-500">
                  {deck.cards} {deck.cards === 1 ? 'card' : 'cards'}
                </span>
                <Count label="new" value={deck.due.new} tone="text-sky-700" />
                <Count label="learning" value={deck.due.learning} tone="text-amber-700" />
                <Count label="due" value={deck.due.review} tone="text-brand-700" />
              </p>
            </div>
            {due > 0 && (
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
