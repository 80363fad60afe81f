import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { ScreenSkeleton } from '../../components/layout/screen-skeleton';
import { cn } from '../../lib/cn';
import { useIsFullWidth, useScreenKey } from '../route-handle';
import { SearchShortcut } from '../search-shortcut';

/** Header, a main area at most 4xl wide, and the footer (product.md §2); signed in, Ctrl/Cmd+K searches (decision 039). */
export function MainLayout() {
  const fullWidth = useIsFullWidth();
  const screenKey = useScreenKey();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className={cn('w-full flex-1', !fullWidth && 'mx-auto max-w-4xl px-4 py-8 sm:px-6')}>
        <Suspense key={screenKey} fallback={<ScreenSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SearchShortcut />
    </div>
  );
}
