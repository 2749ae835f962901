import { type RefObject, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePageHints } from '../lib/page-hints';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

/** Calls `onChange` whenever any of `queries` starts or stops matching. */
function subscribeToMedia(queries: readonly string[], onChange: () => void): () => void {
  const lists = queries.map(mediaQuery).filter((list): list is MediaQueryList => list !== null);
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeToReducedMotion = (onChange: () => void) => subscribeToMedia([REDUCED_MOTION], onChange);

/**
 * True while the visitor asks for less motion; follows changes of the setting. A page rendered on the
 * server assumes motion (the browser's first render must match its HTML) and stops it right after.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => mediaQuery(REDUCED_MOTION)?.matches ?? false,
    () => false,
  );
}

/** Bootstrap's breakpoints, the widths a carousel's steps may start at. */
const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;

type Steps = readonly (readonly [number, number])[];

function countAt(steps: Steps, width: number): number {
  let count = steps[0]?.[1] ?? 1;
  for (const [minWidth, value] of steps) if (minWidth <= width) count = value;
  return count;
}

/**
 * The slide widths for every breakpoint as CSS variables (`--per-view-sm`…), which the carousel's
 * stylesheet applies by media query: a page rendered on the server is laid out right before any script.
 */
export function perViewVariables(steps: Steps): Record<string, number> {
  return Object.fromEntries(
    Object.entries(BREAKPOINTS).map(([name, width]) => [`--per-view-${name}`, countAt(steps, width)]),
  );
}

/**
 * How many slides fit: `steps` maps a minimum viewport width (one of Bootstrap's breakpoints) to a count,
 * e.g. `[[0, 1], [576, 2], [768, 3], [1200, 4]]`. Without matchMedia (tests) the first step applies. A
 * page rendered on the server counts the slides of the screen it guesses (the narrowest step's on a phone,
 * else the widest step's; the stylesheet sizes them by the real width) until the browser knows its width.
 */
export function useSlidesPerView(steps: Steps): number {
  const key = JSON.stringify(steps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `steps`
  const subscribe = useCallback(
    (onChange: () => void) =>
      subscribeToMedia(
        steps.filter(([minWidth]) => minWidth > 0).map(([minWidth]) => `(min-width: ${minWidth}px)`),
        onChange,
      ),
    [key],
  );
  const first = steps[0]?.[1] ?? 1;
  const { screen } = usePageHints();
  return useSyncExternalStore(
    subscribe,
    () => {
      let count = first;
      for (const [minWidth, value] of steps) {
        if (minWidth === 0 || mediaQuery(`(min-width: ${minWidth}px)`)?.matches) count = value;
      }
      return count;
    },
    () => (screen === 'narrow' ? first : (steps[steps.length - 1]?.[1] ?? first)),
  );
}

/**
 * True while any part of `target` is in the viewport, so a carousel or an animation can stand still while
 * nobody can see it. True where IntersectionObserver is missing (tests), and until the first report.
 */
export function useOnScreen(target: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}
