import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { loadAnalyticsScreen } from './analytics';
import { DecksOverview } from './decks/components/decks-overview';
import { SettingsPanel } from './review/components/settings-panel';

const AnalyticsScreen = lazy(async () => ({ default: (await loadAnalyticsScreen()).AnalyticsScreen }));

/**
 * /cards, and /cards/analytics, which loads its screen (and the charting library) only when opened. The one screen
 * that draws several rooms, so it sits above them: the decks room's overview with the review room's settings.
 */
export function CardsScreen() {
  const { section } = useParams();
  if (section === 'analytics') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AnalyticsScreen />
      </Suspense>
    );
  }
  if (section) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
        <Link to="/cards" className={buttonClass('secondary')}>
          Back to your decks
        </Link>
      </div>
    );
  }
  return <DecksOverview settings={<SettingsPanel />} />;
}
