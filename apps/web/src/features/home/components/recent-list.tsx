import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { HomeTile, TileFailed, TileLoading, tileLinkClass } from './home-tile';

export interface RecentItem {
  id: string;
  title: string;
  to: string;
}

/** The last few things of one kind, each a link, with the way to all of them (or to a first one). */
export function RecentList({
  icon,
  title,
  items,
  state,
  empty,
  all,
}: {
  icon: LucideIcon;
  title: string;
  items: RecentItem[];
  state: 'loading' | 'failed' | 'ready';
  empty: { text: string; link: { to: string; label: string } };
  all: { to: string; label: string };
}) {
  const body =
    state === 'failed' && items.length === 0 ? (
      <TileFailed />
    ) : state === 'loading' && items.length === 0 ? (
      <TileLoading />
    ) : items.length === 0 ? (
      <>
        <p className="text-slate-600">{empty.text}</p>
        <Link to={empty.link.to} className={tileLinkClass}>
          {empty.link.label} <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </>
    ) : (
      <>
        <ul className="-mx-2 flex flex-col">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className="block truncate rounded-md px-2 py-1.5 font-medium text-slate-900 hover:bg-slate-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
        <Link to={all.to} className={tileLinkClass}>
          {all.label} <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </>
    );
  return (
    <HomeTile icon={icon} title={title}>
      {body}
    </HomeTile>
  );
}
