import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AlertBar } from '../components/layout/alert-bar';
import { useToastQueue } from '../lib/toast';
import { useDocumentTitle } from './route-handle';

const ToastHost = lazy(() => import('../components/layout/toast-host'));

export function Root() {
  useDocumentTitle();
  const toastsEnabled = useToastQueue((state) => state.enabled);
  return (
    <>
      <Outlet />
      <AlertBar />
      {toastsEnabled && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
