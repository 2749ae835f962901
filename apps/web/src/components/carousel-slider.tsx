import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from '@shop/contracts';
import { type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { perViewVariables, useOnScreen, useReducedMotion, useSlidesPerView } from './carousel-hooks';
import './product-carousel.css';

/** Slides per view by minimum viewport width: 1 on phones, up to 4 on wide screens. */
export const DEFAULT_STEPS = [
  [0, 1],
  [576, 2],
  [768, 3],
  [1200, 4],
] as const;

/** Denser strips: 2 on phones, up to 6 on wide screens. */
export const STRIP_STEPS = [
  [0, 2],
  [768, 3],
  [992, 4],
  [1200, 5],
] as const;

/** A drag shorter than this is still a click; longer ones never open the card under the pointer. */
const CLICK_SLOP_PX = 8;

export interface CarouselSliderProps {
  /** The section's heading text; also names the carousel for assistive technology. */
  title: string;
  /** The slides, in order. */
  slides: ReactNode[];
  /** Slides per view by minimum viewport width. */
  steps?: readonly (readonly [number, number])[];
  /** Shown beside the heading (for example a 'View all' link). */
  action?: ReactNode;
  /** Heading level of the title. */
  headingLevel?: 2 | 3;
  className?: string;
  /** While true (for example while placeholders show) nothing moves and no controls show. */
  frozen?: boolean;
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A hand-written carousel (no react-bootstrap Carousel, to keep pages light): several slides per view,
 * prev/next buttons, a swipe with mouse, pen or finger past SWIPE_THRESHOLD_PX, and an automatic step every
 * CAROUSEL_INTERVAL_MS that pauses on hover, while anything inside has focus, while it is off-screen, when
 * stopped with the pause button, and never runs for visitors who prefer reduced motion. Wraps around at both ends.
 */
export function CarouselSlider({
  title,
  slides,
  steps = DEFAULT_STEPS,
  action,
  headingLevel = 2,
  className = '',
  frozen = false,
}: CarouselSliderProps) {
  const headingId = useId();
  const trackId = useId();
  const perView = useSlidesPerView(steps);
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [dragOffset, setDragOffset] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);
  const suppressClick = useRef(false);
  const root = useRef<HTMLElement>(null);

  const count = slides.length;
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
  const onScreen = useOnScreen(root);
  const paused = hovered || focused || dragging || !onScreen;

  const goTo = (next: number) => {
    if (!scrollable) return;
    setIndex(next > maxIndex ? 0 : next < 0 ? maxIndex : next);
  };

  // One timer per position: moving by hand restarts the 5 seconds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` restarts the timer after every move
  useEffect(() => {
    if (!autoPlay || paused) return;
    const timer = window.setTimeout(() => {
      setIndex((value) => (Math.min(value, maxIndex) >= maxIndex ? 0 : Math.min(value, maxIndex) + 1));
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [autoPlay, paused, current, maxIndex]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    suppressClick.current = false;
    if (!scrollable || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    setDragging(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const offset = event.clientX - start.startX;
    if (Math.abs(offset) > CLICK_SLOP_PX || dragOffset !== 0) setDragOffset(offset);
  }

  function endDrag(event: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    setDragOffset(0);
    if (cancelled) return;
    const offset = event.clientX - start.startX;
    if (Math.abs(offset) > CLICK_SLOP_PX) suppressClick.current = true;
    if (Math.abs(offset) >= SWIPE_THRESHOLD_PX) goTo(offset < 0 ? current + 1 : current - 1);
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shift = `calc(${(-current * 100) / perView}% + ${dragOffset}px)`;

  return (
    <section
      ref={root}
      className={`carousel-slider ${className}`}
      style={perViewVariables(steps)}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-slider__head">
        <Heading id={headingId} className="section-title m-0">
          {title}
        </Heading>
        <div className="carousel-slider__controls">
          {action}
          {scrollable ? (
            <div className="carousel-slider__buttons">
              {!reducedMotion ? (
                <button
                  type="button"
                  className="carousel-slider__btn carousel-slider__btn--ghost"
                  aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
                  onClick={() => setStopped((value) => !value)}
                >
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                    {stopped ? (
                      <path d="M8 5v14l11-7z" fill="currentColor" />
                    ) : (
                      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
                    )}
                  </svg>
                </button>
              ) : null}
              <button
                type="button"
                className="carousel-slider__btn"
                aria-label="Previous slides"
                aria-controls={trackId}
                onClick={() => goTo(current - 1)}
              >
                <ChevronIcon direction="left" />
              </button>
              <button
                type="button"
                className="carousel-slider__btn"
                aria-label="Next slides"
                aria-controls={trackId}
                onClick={() => goTo(current + 1)}
              >
                <ChevronIcon direction="right" />
              </button>
            </div>
          ) : null}
        </div>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the swipe surface; the buttons are its keyboard equivalent */}
      <div
        className={`carousel-slider__viewport${dragging ? ' is-dragging' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerLeave={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
        onDragStart={(event) => event.preventDefault()}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        onScroll={(event) => {
          // Focus moving to a clipped slide must not scroll the viewport out of step with the track.
          event.currentTarget.scrollLeft = 0;
        }}
      >
        <div
          id={trackId}
          className="carousel-slider__track"
          aria-live={autoPlay && !paused ? 'off' : 'polite'}
          style={{ transform: `translate3d(${shift}, 0, 0)` }}
        >
          {slides.map((slide, position) => {
            const visible = position >= current && position < current + perView;
            const near = position < filled;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
                key={position}
                className="carousel-slider__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${position + 1} of ${count}`}
                aria-hidden={visible ? undefined : true}
                inert={!visible}
              >
                {near ? slide : null}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
