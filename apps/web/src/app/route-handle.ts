import { useEffect } from 'react';
import { useMatches, type Params } from 'react-router';

export interface RouteHandle {
  /** The browser tab's title for this screen ("Notes" becomes "Notes · Turtle"). */
  title?: string;
  /** Marketing pages draw full-width sections; every app screen keeps the spec's 4xl main area. */
  fullWidth?: boolean;
  /** The shapes drawn while the screen's chunk loads (default: a page of rows). */
  skeleton?: SkeletonKind;
  /** Loads the screen's chunk ahead of a navigation, and what it reads first if it says (set by `lazyScreen`). */
  preload?: (params: Params) => Promise<unknown>;
  /**
   * The GET paths the screen reads first, for a signed-in person: at start-up they go out beside the screen's chunk
   * (decision 030), and the screen's own reads take their answers.
   */
  readsAhead?: (params: Params) => string[];
  /** Which lazy screen the route shows (set by `lazyScreen`); the layout's loading boundary is keyed by it. */
  screen?: string;
}

export type SkeletonKind = 'page' | 'marketing' | 'chat' | 'player';

const HOME_TITLE = 'Turtle: an AI study partner that reads your notes';

function useRouteHandles(): RouteHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
}

/**
 * The key of the layout's `Suspense` around the screen: a new screen gets a new boundary, so a navigation shows
 * the header's new state and the skeleton at once instead of holding the old screen until the chunk arrives.
 */
export function useScreenKey(): string {
  return (
    useRouteHandles()
      .map((handle) => handle.screen)
      .filter(Boolean)
      .pop() ?? 'none'
  );
}

export function useIsFullWidth(): boolean {
  return useRouteHandles().some((handle) => handle.fullWidth);
}

/** Keeps `document.title` in step with the deepest route that names one. */
export function useDocumentTitle(): void {
  const title = useRouteHandles()
    .map((handle) => handle.title)
    .filter(Boolean)
    .pop();
  useEffect(() => {
    document.title = title ? `${title} · Turtle` : HOME_TITLE;
  }, [title]);
}
