import { Outlet } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { cn } from '../../lib/cn';
import { useIsFullWidth } from '../route-handle';

/** Header, a main area at most 4xl wide, and the footer (product.md §2). */
export function MainLayout() {
  const fullWidth = useIsFullWidth();
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
