import { lazy, useState, type ComponentType } from 'react';
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
  let loaded: ComponentType | undefined;
  const loadScreen = async () => (loaded ??= pick(await load()));
  const LazyScreen = lazy(async () => ({ default: await loadScreen() }));
  // Once the chunk is here (preloaded at start-up or on a link's hover), the screen renders at once instead of
  // suspending: a suspended screen shows the skeleton, and React then holds the screen back for at least 300 ms after
  // it (its fallback throttle), which was most of the chat's first render. Chosen once per mount, so a screen never
  // remounts when its chunk arrives.
  function Screen() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <LazyScreen />;
  }
  const screen = `screen-${++screens}`;
  const preload = async (params: Params) => {
    const module = await load();
    loaded ??= pick(module);
    prefetch?.(module, params);
  };
  return { element: <Screen />, handle: { ...handle, preload, screen } };
}
