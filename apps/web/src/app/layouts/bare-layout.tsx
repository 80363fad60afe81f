import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Header } from '../../components/layout/header';
import { ScreenSkeleton } from '../../components/layout/screen-skeleton';
import { useScreenKey } from '../route-handle';

/** The other layout (product.md §2): header and main area only, used by the lesson player and the second demo. */
export function BareLayout() {
  const screenKey = useScreenKey();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className="flex w-full flex-1 flex-col">
        <Suspense key={screenKey} fallback={<ScreenSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
