import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useState } from 'react';

/**
 * A component whose code is fetched when first needed, as with React's `lazy`, but which draws at once when its
 * code is already here. React's `lazy` suspends on its first drawing even then, and React holds back what a Suspense
 * boundary reveals until 300 ms after its fallback showed: the sales screen, fetched beside the session check,
 * still waited that long behind the splash. `load` fetches the code ahead (once; again after a failure).
 */
export type LazyComponent<P extends object> = ComponentType<P> & {
  load: () => Promise<unknown>;
  isLoaded: () => boolean;
  /** Forgets a failed fetch, so that the next drawing fetches the code again (the failure's "retry"). */
  retry: () => void;
};

export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let failed = false;
  const fetchOnce = () => {
    // Offline, a failed fetch stands until the failure's retry: the menu fetches ahead as the pointer enters, is
    // pressed and clicks, and each of those was one more failing fetch. Online (a server restarting), ask again.
    if (failed && navigator.onLine) forgetFailure();
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error) => {
        failed = true;
        throw error;
      },
    );
    return loading;
  };
  const forgetFailure = () => {
    failed = false;
    loading = undefined;
  };
  // One React lazy part for every drawing until it fails and is retried. A new one per drawing looped when the code
  // could not come (offline): a drawing that suspends is thrown away, so each retry of it made a new part that
  // suspended again instead of showing the failure (2,800 fetches in 12 s behind the splash).
  let shared: LazyExoticComponent<ComponentType<P>> | undefined;
  function Lazy(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount it and lose its state.
    const [Shown] = useState(() => {
      if (loaded) return loaded;
      shared ??= lazy(fetchOnce);
      return shared;
    });
    return <Shown {...props} />;
  }
  const retry = () => {
    if (loaded) return;
    shared = undefined;
    if (failed) forgetFailure();
  };
  return Object.assign(Lazy, { load: fetchOnce, isLoaded: () => loaded !== undefined, retry });
}

/**
 * Whether a lazy component may be drawn without its Suspense fallback flashing: true once its code is here (or
 * failed to come, so that its boundary shows the failure), after fetching it.
 */
export function useLoaded(component: Pick<LazyComponent<object>, 'load' | 'isLoaded'> | undefined): boolean {
  const [settled, setSettled] = useState<unknown>();
  useEffect(() => {
    // Through a function: a component passed to a state setter would be called as an updater.
    const settle = () => setSettled(() => component);
    if (component && !component.isLoaded()) component.load().then(settle, settle);
  }, [component]);
  return component ? component.isLoaded() || settled === component : false;
}

/** Whether an error is the browser's failure to fetch a part's code (the network), not a fault in the part. */
export const isCodeNotLoaded = (error: unknown) =>
  error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
