/**
 * Code a screen fetches ahead of showing it (a form's editor, its upload widgets, the form
 * itself), shown at once when it is there.
 *
 * React.lazy suspends on every first render, even when the module has long arrived: it awaits
 * its factory's promise. React 19 then holds back the reveal of a boundary that showed its
 * fallback for up to 300 ms (FALLBACK_THROTTLE_MS), so 新增 → editor ready paid two such waits
 * (the form, then its editor) on code fetched seconds before. `preloadable` remembers the module
 * once loaded; `lazyPreloaded` renders it directly then, and falls back to React.lazy otherwise.
 */
import { lazy, useContext, useState, type ComponentType, type ReactElement } from 'react';
import { CodeAttempt } from './code-boundary';

export interface Preloadable<M> {
  /** Loads the module (once; a failed download is tried again on the next call). */
  load(): Promise<M>;
  /** The module, once loaded. */
  loaded(): M | undefined;
}

export function preloadable<M>(load: () => Promise<M>): Preloadable<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load() {
      pending ??= load().then(
        (value) => (module = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

/**
 * A component from a preloadable module (`pick` names it there): rendered directly when the
 * module has loaded, through React.lazy (suspending, for a Suspense boundary above) when not.
 * A failed download throws to the nearest CodeBoundary. React.lazy keeps a failure for good, so
 * each attempt of a boundary — its mount, each retry — gets its own lazy component, which
 * downloads again; within one attempt the same one, so React sees the failure.
 */
export function lazyPreloaded<M, P extends object>(
  code: Preloadable<M>,
  pick: (module: M) => ComponentType<P>,
): (props: P) => ReactElement {
  const attempts = new WeakMap<object, ComponentType<P>>();
  const lazyFor = (attempt: object) => {
    let Lazy = attempts.get(attempt);
    if (!Lazy) {
      Lazy = lazy(async () => ({ default: pick(await code.load()) }));
      attempts.set(attempt, Lazy);
    }
    return Lazy;
  };
  return function Preloaded(props: P) {
    const attempt = useContext(CodeAttempt);
    // Decided at mount: a mounted instance that changed from the lazy type to the loaded one
    // would be mounted anew, losing what the user typed.
    const [Ready] = useState(() => {
      const module = code.loaded();
      return module === undefined ? undefined : pick(module);
    });
    if (Ready) return <Ready {...props} />;
    // One lazy component per attempt, kept in `attempts`: the same type on every render of one.
    const Lazy = lazyFor(attempt);
    return <Lazy {...props} />;
  };
}

/**
 * React.lazy for a module's default export, but under a CodeBoundary a failed download can be
 * tried again (React.lazy keeps a failure for good).
 */
export function lazyDefault<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): (props: P) => ReactElement {
  return lazyPreloaded(preloadable(load), (module) => module.default);
}

export { CodeBoundary, CodeSlot, DialogCodeSlot, isCodeLoadError } from './code-boundary';
