import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

let screens = 0;

/**
 * A route whose screen is its own chunk, loaded with `React.lazy`: the layout around it (the header) renders at
 * once and its `Suspense` shows the route's skeleton until the chunk arrives (decision 020). `handle.preload`
 * fetches the chunk ahead: for the first screen at start-up, and for a link's screen on hover or focus.
 * `handle.screen` names the component, so routes that share a screen (a new note and a note) keep its state.
 */
export function lazyScreen<Module>(
  handle: RouteHandle,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): Pick<RouteObject, 'element' | 'handle'> & { handle: RouteHandle } {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  const screen = `screen-${++screens}`;
  return { element: <Screen />, handle: { ...handle, preload: load, screen } };
}
