import { lazy, Suspense } from 'react';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { Link, NavLink, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@turtle/shared/constants';
import { cn } from '../../lib/cn';
import { useTurtleStore } from '../../lib/turtle-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { buttonClass } from '../ui/button';
import { CardsNavLink } from './cards-nav-link';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SIGNED_IN_SECTIONS, SIGNED_OUT_SECTIONS } from './nav-items';
import { UserButtonLabel, userButtonClass } from './user-button';

// The menu library loads only for signed-in visitors on a wide screen: the landing page stays small, and a phone,
// whose header is the Menu disclosure, never loads a menu it does not show.
const UserMenu = lazy(() => import('./user-menu'));
const WIDE = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 text-sm transition-colors hover:text-slate-900 lg:px-3',
    isActive ? 'font-bold text-slate-900' : 'font-medium text-slate-600',
  );

/**
 * The header (product.md §2, decision 019). Signed in: the product's sections (Chats, Notes, Lessons, Cards) and the user
 * menu. Signed out: Chats, Notes, Features, Pricing, Lessons, Login and Sign up (not on the signup page). Under 768 px both
 * collapse into one "Menu" disclosure that reaches everything.
 */
export function Header() {
  const user = useTurtleStore((state) => state.user);
  const { pathname } = useLocation();
  const signedIn = Boolean(user.id);
  const wide = useMediaQuery(WIDE);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:ring-2 focus:ring-brand-600"
      >
        Skip to content
      </a>
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 lg:gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden items-center md:flex">
            {(signedIn ? SIGNED_IN_SECTIONS : SIGNED_OUT_SECTIONS).map((item) => (
              <NavLink key={item.to} to={item.to} className={navClass}>
                {item.label}
              </NavLink>
            ))}
            {signedIn && <CardsNavLink className={navClass} signedIn />}
          </nav>
        </div>
        <div className="hidden items-center gap-2 md:flex">
          {signedIn ? (
            wide && (
              <Suspense
                fallback={
                  <button type="button" className={userButtonClass} disabled>
                    <UserButtonLabel name={user.name} />
                  </button>
                }
              >
                <UserMenu name={user.name} administrator={user.role === ROLE_ADMINISTRATOR} />
              </Suspense>
            )
          ) : (
            <>
              {/* product.md §2: signed out, the header always has its Login button to /login. */}
              <Link to="/login" className={buttonClass('ghost', 'sm')}>
                Login
              </Link>
              {pathname !== '/signup' && (
                <Link to="/signup" className={buttonClass('primary', 'sm')}>
                  Sign up
                </Link>
              )}
            </>
          )}
        </div>
        <MobileMenu name={signedIn ? user.name : null} administrator={user.role === ROLE_ADMINISTRATOR} />
      </div>
    </header>
  );
}
