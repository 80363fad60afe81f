import { Download, FileUp, Inbox, Play, Plus, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '../../../../components/ui/spinner';
import { Button, buttonClass } from '../../../../components/ui/button';
import { exportUrl } from '../api/export-url';
import { useDecks } from '../../shared/hooks/use-decks';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { CardMeter } from '../../shared/components/card-meter';
import { DeckList } from './deck-list';
import { NewDeckForm } from './new-deck-form';

/**
 * The decks with today's counts, the card meter, the drafts waiting, study, write, import and export; `settings` (the
 * review room's panel, which the cards screen passes) closes the page.
 */
export function DecksOverview({ settings }: { settings: ReactNode }) {
  const { state, refresh } = useDecks();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="text-slate-700">{state.message}</p>
        <Button variant="secondary" onClick={refresh}>
          Try again
        </Button>
      </div>
    );
  }
  const { decks, allowance, drafts } = state.data;
  const due = decks.reduce((sum, deck) => sum + deck.due.new + deck.due.learning + deck.due.review, 0);
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Flashcards</h1>
          <CardMeter allowance={allowance} />
        </div>
        <div className="flex flex-wrap gap-2">
          {due > 0 ? (
            <Link to="/cards/review" className={buttonClass('primary')}>
              <Play className="size-4" aria-hidden="true" />
              Study all ({due})
            </Link>
          ) : (
            <Button disabled>
              <Play className="size-4" aria-hidden="true" />
              Nothing due
            </Button>
          )}
          <Link to="/cards/new" className={buttonClass('secondary')}>
            <Plus className="size-4" aria-hidden="true" />
            New card
          </Link>
          <Link to="/cards/analytics" className={buttonClass('secondary')}>
            <TrendingUp className="size-4" aria-hidden="true" />
            Analytics
          </Link>
        </div>
      </div>

      {drafts > 0 && (
        <Link
          to="/cards/drafts"
          className="flex items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
        >
          <Inbox className="size-5 shrink-0" aria-hidden="true" />
          <span className="flex-1">
            {drafts} {drafts === 1 ? 'draft is' : 'drafts are'} waiting in your tray.
          </span>
          <span className="font-semibold underline">Review drafts</span>
        </Link>
      )}

      {decks.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-slate-200 px-6 py-10 text-center">
          <p className="font-semibold text-slate-900">No cards yet</p>
          <p className="mx-auto mt-2 max-w-md text-sm text-pretty text-slate-600">
            Use <strong>Make cards</strong> on a note, a chat reply or in a lesson, and the assistant drafts cards for
            you to check. Or write a card yourself, or import a CSV file.
          </p>
        </div>
      ) : (
        <DeckList decks={decks} />
      )}

      <NewDeckForm onCreated={cardsChanged} />

      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-6">
        <Link to="/cards/import" className={buttonClass('secondary', 'sm')}>
          <FileUp className="size-4" aria-hidden="true" />
          Import CSV
        </Link>
        <Link to="/cards/import?from=anki" className={buttonClass('secondary', 'sm')}>
          <FileUp className="size-4" aria-hidden="true" />
          Import from Anki (.apkg)
        </Link>
        <a href={exportUrl('csv')} download className={buttonClass('ghost', 'sm')}>
          <Download className="size-4" aria-hidden="true" />
          Export all as CSV
        </a>
        <a href={exportUrl('apkg')} download className={buttonClass('ghost', 'sm')}>
          <Download className="size-4" aria-hidden="true" />
          Export all for Anki (.apkg)
        </a>
      </div>

      {settings}
    </section>
  );
}
