import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// The DOM build of the provider: it honours `navigate(to, { flushSync: true })`.
import { RouterProvider } from 'react-router/dom';
import { readAhead } from '../lib/api-client';
import { firstReads, preloadRoute, preloadRoutesOnIntent } from './preload-routes';
import { routes } from './routes';
import { startUp } from './start-up';

// The start-up calls and the first screen's chunk start now, side by side, before the first render (decisions 020, 026).
startUp();
// The first screen's reads go out now too, not once its chunk has arrived (decision 030). The session cookie rides on
// them as on the status call, so they answer for whoever that call names; signed out, they answer 401, unused.
readAhead(firstReads(routes, window.location.pathname));
const firstScreen = preloadRoute(routes, window.location.pathname);
preloadRoutesOnIntent(routes);

const router = createBrowserRouter(routes);

// The first render waits for the first screen's chunk (the shell in index.html stays on screen meanwhile), so the
// screen renders in it rather than after a skeleton. And the shell being there, the render need not block: as a
// transition React renders in slices of a few milliseconds and lets the browser answer input between them, instead of
// one long task (Total Blocking Time).
const root = createRoot(document.getElementById('root')!);
void firstScreen.then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  ),
);
