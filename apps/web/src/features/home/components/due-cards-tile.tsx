import { ArrowRight, Layers } from 'lucide-react';
import { Link } from 'react-router';
import { browserTimeZone } from '../../../lib/time-zone';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { cardsSummaryQuery } from '../api/home-reads';
import { HomeTile, TileFailed, TileLoading, tileLinkClass } from './home-tile';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** Cards due today (the study day from 4 am in the browser's zone, as the header's badge counts it). */
export function DueCardsTile() {
  const { data, isError } = useServerQuery(cardsSummaryQuery(browserTimeZone()));
  return (
    <HomeTile icon={Layers} title="Flashcards">
      {isError ? (
        <TileFailed />
      ) : !data ? (
        <TileLoading />
      ) : data.dueToday > 0 ? (
        <>
          <p className="text-lg font-semibold text-slate-900">{plural(data.dueToday, 'card', 'cards')} due today</p>
          <Link to="/cards/review" className={tileLinkClass}>
            Review now <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </>
      ) : (
        <>
          <p className="text-lg font-semibold text-slate-900">Nothing due today</p>
          {data.drafts > 0 ? (
            <Link to="/cards/drafts" className={tileLinkClass}>
              {plural(data.drafts, 'draft', 'drafts')} to look over <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <Link to="/cards" className={tileLinkClass}>
              Open your cards <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          )}
        </>
      )}
    </HomeTile>
  );
}
