import { type RefObject, useEffect, useState } from 'react';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

/** True while the visitor asks for less motion; follows changes of the setting. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => mediaQuery('(prefers-reduced-motion: reduce)')?.matches ?? false,
  );
  useEffect(() => {
    const list = mediaQuery('(prefers-reduced-motion: reduce)');
    if (!list) return;
    const onChange = () => setReduced(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * How many slides fit: `steps` maps a minimum viewport width (Bootstrap's breakpoints) to a count, e.g.
 * `[[0, 1], [576, 2], [768, 3], [1200, 4]]`. Without matchMedia (tests) the first step applies.
 */
export function useSlidesPerView(steps: readonly (readonly [number, number])[]): number {
  const compute = () => {
    let count = steps[0]?.[1] ?? 1;
    for (const [minWidth, value] of steps) {
      if (minWidth === 0 || mediaQuery(`(min-width: ${minWidth}px)`)?.matches) count = value;
    }
    return count;
  };
  const [perView, setPerView] = useState(compute);
  const key = JSON.stringify(steps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `steps`
  useEffect(() => {
    const lists = steps
      .filter(([minWidth]) => minWidth > 0)
      .map(([minWidth]) => mediaQuery(`(min-width: ${minWidth}px)`))
      .filter((list): list is MediaQueryList => list !== null);
    const onChange = () => setPerView(compute());
    onChange();
    for (const list of lists) list.addEventListener('change', onChange);
    return () => {
      for (const list of lists) list.removeEventListener('change', onChange);
    };
  }, [key]);
  return perView;
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
