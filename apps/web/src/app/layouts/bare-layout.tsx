import { Outlet } from 'react-router';
import { Header } from '../../components/layout/header';

/** The other layout (product.md §2): header and main area only, used by the lesson player and the second demo. */
export function BareLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main id="main" className="flex w-full flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
