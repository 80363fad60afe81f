import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query/query-keys';
import { useServerQuery } from '../../lib/query/use-server-query';
import { browserTimeZone } from '../../lib/time-zone';

/**
 * How many cards are due today, beside the header's "Cards" link (docs/decisions/012-flashcards.md). A cards read (decision 025), so every
 * write to cards asks again (`cardsChanged`); asked again on every page change too, as cards fall due while the learner
 * works. Loaded only for a signed-in member, so the landing page never loads the query library for it.
 */
export default function CardsDueBadge() {
  const { pathname } = useLocation();
  const timeZone = browserTimeZone();
  const { data, refetch } = useServerQuery({
    queryKey: queryKeys.cardsSummary(timeZone),
    queryFn: ({ signal }) => api.call(cardDeckEndpoints.summary, { query: { tz: timeZone }, signal }),
  });
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  const due = data?.dueToday ?? 0;
  if (due <= 0) return null;
  return (
    <span
      className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums"
      data-testid="cards-due"
    >
      <span className="sr-only">, </span>
      {due > 999 ? '999+' : due}
      <span className="sr-only"> due today</span>
    </span>
  );
}
