import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

/**
 * Starts loading the chunks of the screen at `pathname` and, where the route says, its first read (the browser keeps
 * each module once, and a read asked for again is answered from the cache, so this is cheap).
 */
export async function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((match) =>
      (match.route.handle as RouteHandle | undefined)?.preload?.(match.params).catch(() => {
        // A failed preload is retried by the navigation itself, which shows the error screen if it fails again.
      }),
    ),
  );
}

/** What the screen at `pathname` reads first (its routes' `readsAhead`), to start before its chunk has arrived. */
export function firstReads(routes: RouteObject[], pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(
    (match) => (match.route.handle as RouteHandle | undefined)?.readsAhead?.(match.params) ?? [],
  );
}

/**
 * Preloads a link's screen when the pointer rests on it, a finger touches it or the keyboard focuses it, so the
 * chunk is usually there by the click. One listener on the document covers every link, present and future.
 */
export function preloadRoutesOnIntent(routes: RouteObject[]): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    void preloadRoute(routes, link.pathname);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
}
