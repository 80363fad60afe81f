import { Outlet, useMatches } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { cn } from '../../lib/cn';

export interface RouteHandle {
  /** Marketing pages draw full-width sections; every app screen keeps the spec's 4xl main area. */
  fullWidth?: boolean;
}

/** Header, a main area at most 4xl wide, and the footer (SPEC 2). */
export function MainLayout() {
  const matches = useMatches();
  const fullWidth = matches.some((match) => (match.handle as RouteHandle | undefined)?.fullWidth);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className={cn('w-full flex-1', !fullWidth && 'mx-auto max-w-4xl px-4 py-8 sm:px-6')}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
