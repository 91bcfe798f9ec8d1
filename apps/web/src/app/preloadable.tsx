import { lazy, useState, type ComponentType } from 'react';

/**
 * A lazily loaded component that can be loaded ahead of its first render. Once loaded it renders directly, without
 * suspending: a lazy component suspends at least once, and React holds the reveal of a suspended boundary up to
 * 300 ms (its fallback throttle), which delayed the opening screen's first paint (ADR 0015).
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (err: unknown) => {
        pending = null; // a later render or preload tries again
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Preloadable() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the screen.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Component: Preloadable, preload };
}
