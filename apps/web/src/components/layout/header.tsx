import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { useTurtleStore } from '../../lib/turtle-store';
import { buttonClass } from '../ui/button';
import { CardsNavLink } from './cards-nav-link';
import { Logo } from './logo';
import { UserButtonLabel, userButtonClass } from './user-button';

// The menu library loads only for signed-in visitors; the landing page stays small.
const UserMenu = lazy(() => import('./user-menu'));

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 text-sm transition-colors hover:text-slate-900 sm:px-3',
    isActive ? 'font-bold text-slate-900' : 'font-medium text-slate-600',
  );

export function Header() {
  const user = useTurtleStore((state) => state.user);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:ring-2 focus:ring-brand-600"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-6">
          <Logo />
          <nav aria-label="Main" className="flex items-center">
            <NavLink to="/chats" className={navClass}>
              Chats
            </NavLink>
            <NavLink to="/notes" className={navClass}>
              Notes
            </NavLink>
            <CardsNavLink className={navClass} signedIn={Boolean(user.id)} />
          </nav>
        </div>
        {user.id ? (
          <Suspense
            fallback={
              <button type="button" className={userButtonClass} disabled>
                <UserButtonLabel name={user.name} />
              </button>
            }
          >
            <UserMenu name={user.name} />
          </Suspense>
        ) : (
          <Link to="/login" className={buttonClass('primary', 'sm')}>
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
