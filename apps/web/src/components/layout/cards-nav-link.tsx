import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { CardsSummary } from '@turtle/shared/cards';
import { api } from '../../lib/api-client';
import { CARDS_CHANGED_EVENT } from '../../lib/cards-events';
import { browserTimeZone } from '../../lib/time-zone';

/**
 * The header's "Cards" link with how many cards are due today (issue 13). Asked again on every page change and
 * whenever cards change (grades, new cards), so the count follows the learner; signed-out visitors ask nothing.
 */
export function CardsNavLink({
  className,
  signedIn,
}: {
  className: (state: { isActive: boolean }) => string;
  signedIn: boolean;
}) {
  const { pathname } = useLocation();
  const [due, setDue] = useState<number | null>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const onChange = () => setChanges((count) => count + 1);
    window.addEventListener(CARDS_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CARDS_CHANGED_EVENT, onChange);
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api
      .get<CardsSummary>(`/api/cards/summary?tz=${encodeURIComponent(browserTimeZone())}`, controller.signal)
      .then((summary) => setDue(summary.dueToday))
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn, pathname, changes]);
  const shown = signedIn ? due : null;
  return (
    <NavLink to="/cards" className={className}>
      Cards
      {shown !== null && shown > 0 && (
        <span
          className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums"
          data-testid="cards-due"
        >
          <span className="sr-only">, </span>
          {shown > 999 ? '999+' : shown}
          <span className="sr-only"> due today</span>
        </span>
      )}
    </NavLink>
  );
}
