import { type ReactNode, useId } from 'react';
import { CarouselControls } from './carousel-controls';
import { perViewVariables } from './carousel-hooks';
import { CarouselViewport } from './carousel-viewport';
import { useCarouselSlider } from './use-carousel-slider';
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
  const carousel = useCarouselSlider(slides.length, steps, frozen);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section
      ref={carousel.root}
      className={`carousel-slider ${className}`}
      style={perViewVariables(steps)}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      {...carousel.pauseHandlers}
    >
      <div className="carousel-slider__head">
        <Heading id={headingId} className="section-title m-0">
          {title}
        </Heading>
        <div className="carousel-slider__controls">
          {action}
          {carousel.scrollable ? (
            <CarouselControls
              trackId={trackId}
              canStop={!carousel.reducedMotion}
              stopped={carousel.stopped}
              onToggleStopped={carousel.toggleStopped}
              onPrevious={carousel.previous}
              onNext={carousel.next}
            />
          ) : null}
        </div>
      </div>
      <CarouselViewport
        trackId={trackId}
        slides={slides}
        current={carousel.current}
        perView={carousel.perView}
        filled={carousel.filled}
        dragging={carousel.drag.dragging}
        dragOffset={carousel.drag.dragOffset}
        live={carousel.live}
        dragHandlers={carousel.drag.handlers}
      />
    </section>
  );
}
