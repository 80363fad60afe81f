import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// The DOM build of the provider: it honours `navigate(to, { flushSync: true })`.
import { RouterProvider } from 'react-router/dom';
import { preloadRoute, preloadRoutesOnIntent } from './preload-routes';
import { routes } from './routes';

// The first screen's chunk starts loading now, beside the start-up calls, not after them (decision 020).
preloadRoute(routes, window.location.pathname);
preloadRoutesOnIntent(routes);

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
