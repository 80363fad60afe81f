import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module loaded on first need and then kept: `value()` is undefined until `load()` has resolved, and components
 * that read it with `useLazyModule` render again when it arrives. A failed load is forgotten, so the next need
 * tries again (the plain text stays meanwhile).
 */
export interface LazyModule<T> {
  value: () => T | undefined;
  load: () => Promise<T>;
  subscribe: (listener: () => void) => () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    value: () => value,
    load: () =>
      (pending ??= importer().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module once loaded (undefined before); asks for it when `wanted` and it is not there yet. */
export function useLazyModule<T>(module: LazyModule<T>, wanted = true): T | undefined {
  const value = useSyncExternalStore(module.subscribe, module.value, module.value);
  useEffect(() => {
    if (wanted && value === undefined) {
      module.load().catch(() => {
        // Shown as plain text meanwhile; the next message that needs it tries again.
      });
    }
  }, [module, wanted, value]);
  return value;
}
