import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@turtle/shared/cards-analytics';
import { buttonClass } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { toLoadState } from '../../../../lib/query/load-state';
import { queryKeys } from '../../../../lib/query/query-keys';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { getAnalytics } from '../api/get-analytics';
import { useDecks } from '../../shared/hooks/use-decks';
import { AnalyticsCharts } from './analytics-charts';
import { OptimizerPanel } from './optimizer-panel';
import { sampleAnalytics } from '../lib/sample-analytics';

/** /cards/analytics (opened by the cards screen): a Pro learner's own figures per deck or across decks; a Free member sees labelled sample data. */
export function AnalyticsScreen() {
  // The server decides: it answers a Free member's analytics with 403 `proRequired`, and the preview shows instead.
  const [pro, setPro] = useState(true);
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const [deckId, setDeckId] = useState<string | null>(null);
  const decks = useDecks().state;
  const analytics = useServerQuery({
    queryKey: queryKeys.analytics(days, deckId),
    queryFn: ({ signal }) => getAnalytics(days, deckId, signal),
    enabled: pro,
  });
  // The membership ended since the page loaded: the server's answer wins (adjusted while rendering).
  if (pro && analytics.error instanceof ApiError && analytics.error.code === 'proRequired') setPro(false);
  const loaded = toLoadState(analytics);

  // The route is the cards screen's (its title says "Flashcards"); this screen names itself while it is open.
  useEffect(() => {
    const before = document.title;
    document.title = 'Learning analytics · Turtle';
    return () => {
      document.title = before;
    };
  }, []);

  return (
    <section className="flex flex-col gap-5">
      <Link
        to="/cards"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Flashcards
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Learning analytics</h1>
        <div className="flex flex-wrap items-center gap-3">
          {pro && (
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              Deck
              <select
                className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                value={deckId ?? ''}
                onChange={(event) => setDeckId(event.target.value || null)}
              >
                <option value="">All decks</option>
                {(decks.status === 'ready' ? decks.data.decks : []).map((deck) => (
                  <option key={deck.id} value={deck.id}>
                    {deck.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <div role="group" aria-label="Period" className="flex rounded-lg ring-1 ring-slate-300">
            {ANALYTICS_PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                aria-pressed={days === period}
                onClick={() => setDays(period)}
                className={`h-9 px-3 text-sm font-medium first:rounded-l-lg last:rounded-r-lg ${days === period ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
              >
                {period} days
              </button>
            ))}
          </div>
        </div>
      </div>
      {pro ? (
        loaded.status === 'loading' ? (
          <PageSpinner />
        ) : loaded.status === 'failed' ? (
          <p role="alert" className="text-red-700">
            {loaded.message}
          </p>
        ) : (
          <>
            <AnalyticsCharts data={loaded.data} />
            <OptimizerPanel />
          </>
        )
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
            <p className="flex-1">
              <strong>Sample data.</strong> This is a preview of Advanced Analytics with made-up figures, not yours.
              Upgrade to Pro to see your own reviews, retention and schedule, and to fit the schedule to you.
            </p>
            <Link to="/pricing" className={buttonClass('primary', 'sm')}>
              Upgrade to Pro
            </Link>
          </div>
          {/* Labelled by the notice above, not faded: faded text fails contrast (axe-core: testing.md "Accessibility"). */}
          <div role="group" aria-label="Sample analytics">
            <AnalyticsCharts data={sampleAnalytics(days)} />
          </div>
        </>
      )}
    </section>
  );
}
