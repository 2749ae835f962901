import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from '@shop/contracts';
import { type FocusEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useOnScreen, useReducedMotion, useSlidesPerView } from './carousel-hooks';
import { useCarouselDrag } from './use-carousel-drag';

/**
 * The carousel's position and movement: prev/next and swipes wrap around at both ends, and an automatic
 * step every CAROUSEL_INTERVAL_MS pauses on hover, while anything inside has focus, while dragged, while
 * off-screen and once stopped, and never runs for visitors who prefer reduced motion.
 */
export function useCarouselSlider(
  count: number,
  steps: readonly (readonly [number, number])[],
  frozen: boolean,
) {
  const perView = useSlidesPerView(steps);
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const root = useRef<HTMLElement>(null);

  const maxIndex = Math.max(0, count - perView);
  const current = Math.min(index, maxIndex);
  // Slides hold their content from the first time they come within a view of being shown, and keep it:
  // a page with several 25-slide carousels stays light to draw and to take over, no move (wrapping
  // around included) shows an empty slide, and nothing the server rendered is dropped when the browser
  // finds it shows fewer slides per view.
  const [filled, setFilled] = useState(current + 2 * perView);
  if (current + 2 * perView > filled) setFilled(current + 2 * perView);
  const scrollable = maxIndex > 0 && !frozen;
  const autoPlay = scrollable && !reducedMotion && !stopped;

  const goTo = (next: number) => {
    if (!scrollable) return;
    setIndex(next > maxIndex ? 0 : next < 0 ? maxIndex : next);
  };
  const drag = useCarouselDrag(scrollable, SWIPE_THRESHOLD_PX, (step) => goTo(current + step));
  const onScreen = useOnScreen(root);
  const paused = hovered || focused || drag.dragging || !onScreen;

  // One timer per position: moving by hand restarts the 5 seconds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` restarts the timer after every move
  useEffect(() => {
    if (!autoPlay || paused) return;
    const timer = window.setTimeout(() => {
      setIndex((value) => (Math.min(value, maxIndex) >= maxIndex ? 0 : Math.min(value, maxIndex) + 1));
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [autoPlay, paused, current, maxIndex]);

  /** The section's handlers: hover (by mouse only) and focus inside pause the automatic steps. */
  const pauseHandlers = {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') setHovered(true);
    },
    onPointerLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };

  return {
    root,
    perView,
    current,
    filled,
    scrollable,
    reducedMotion,
    stopped,
    toggleStopped: () => setStopped((value) => !value),
    previous: () => goTo(current - 1),
    next: () => goTo(current + 1),
    /** While the slides move by themselves, screen readers are not told of each step. */
    live: autoPlay && !paused ? ('off' as const) : ('polite' as const),
    drag,
    pauseHandlers,
  };
}
