import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';

const CardsDueBadge = lazy(() => import('./cards-due-badge'));

/** The header's "Cards" link, with how many cards are due today for a signed-in member; signed-out visitors ask nothing. */
export function CardsNavLink({
  className,
  signedIn,
}: {
  className: (state: { isActive: boolean }) => string;
  signedIn: boolean;
}) {
  return (
    <NavLink to="/cards" className={className}>
      Cards
      {signedIn && (
        <Suspense fallback={null}>
          <CardsDueBadge />
        </Suspense>
      )}
    </NavLink>
  );
}
