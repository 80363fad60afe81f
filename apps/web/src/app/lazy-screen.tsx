import { lazy, type ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

let screens = 0;

/**
 * A route whose screen is its own chunk, loaded with `React.lazy`: the layout around it (the header) renders at
 * once and its `Suspense` shows the route's skeleton until the chunk arrives (decision 020). `handle.preload`
 * fetches the chunk ahead: for the first screen at start-up, and for a link's screen on hover or focus.
 * `handle.screen` names the component, so routes that share a screen (a new note and a note) keep its state.
 * `prefetch`, given the route's parameters, starts the screen's first read with its chunk, not after the status call
 * and the first render (decision 026).
 */
export function lazyScreen<Module>(
  handle: RouteHandle,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  prefetch?: (module: Module, params: Params) => void,
): Pick<RouteObject, 'element' | 'handle'> & { handle: RouteHandle } {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  const screen = `screen-${++screens}`;
  const preload = async (params: Params) => {
    const module = await load();
    prefetch?.(module, params);
  };
  return { element: <Screen />, handle: { ...handle, preload, screen } };
}
