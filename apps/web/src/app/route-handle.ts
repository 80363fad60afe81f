import { useEffect } from 'react';
import { useMatches } from 'react-router';

export interface RouteHandle {
  /** The browser tab's title for this screen ("Notes" becomes "Notes · Turtle"). */
  title?: string;
  /** Marketing pages draw full-width sections; every app screen keeps the spec's 4xl main area. */
  fullWidth?: boolean;
}

const HOME_TITLE = 'Turtle: an AI study partner that reads your notes';

function useRouteHandles(): RouteHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
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
