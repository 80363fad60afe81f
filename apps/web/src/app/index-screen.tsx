import { lazy, Suspense, type ComponentType } from 'react';
import { selectIsSignedIn, useTurtleStore } from '../lib/turtle-store';

// A chunk of its own: a visitor's landing page never loads the home's reads.
const HomeScreen = lazy(() => import('../features/home/home-screen'));

/** Reserves the home's height while its chunk loads, so the pitch below does not jump. */
function HomeSkeleton() {
  return <div aria-hidden="true" className="h-80 border-b border-slate-200 bg-slate-50/70 sm:h-64 lg:h-56" />;
}

/**
 * `/` (product.md §2 "landing page"): a visitor gets the landing page; a signed-in person their home above it (issue
 * 26), since signing in lands here. The landing page is passed in, so it stays the route's own chunk.
 */
export function withHome(LandingPage: ComponentType): ComponentType {
  return function IndexScreen() {
    const signedIn = useTurtleStore(selectIsSignedIn);
    return (
      <>
        {signedIn && (
          <Suspense fallback={<HomeSkeleton />}>
            <HomeScreen />
          </Suspense>
        )}
        <LandingPage />
      </>
    );
  };
}
