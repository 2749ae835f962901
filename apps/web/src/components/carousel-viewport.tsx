import type { ReactNode } from 'react';
import type { CarouselDragHandlers } from './use-carousel-drag';

interface CarouselViewportProps {
  trackId: string;
  slides: ReactNode[];
  /** The first slide in view. */
  current: number;
  perView: number;
  /** Slides before this position have their content; the rest are empty until they come near. */
  filled: number;
  dragging: boolean;
  /** How far the track follows the pointer, in pixels. */
  dragOffset: number;
  live: 'off' | 'polite';
  dragHandlers: CarouselDragHandlers;
}

/** The swipe surface and the track of slides; slides out of view are hidden and inert. */
export function CarouselViewport({
  trackId,
  slides,
  current,
  perView,
  filled,
  dragging,
  dragOffset,
  live,
  dragHandlers,
}: CarouselViewportProps) {
  const shift = `calc(${(-current * 100) / perView}% + ${dragOffset}px)`;
  return (
    // The swipe surface; the buttons are its keyboard equivalent.
    <div
      className={`carousel-slider__viewport${dragging ? ' is-dragging' : ''}`}
      {...dragHandlers}
      onScroll={(event) => {
        // Focus moving to a clipped slide must not scroll the viewport out of step with the track.
        event.currentTarget.scrollLeft = 0;
      }}
    >
      <div
        id={trackId}
        className="carousel-slider__track"
        aria-live={live}
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
              aria-label={`${position + 1} of ${slides.length}`}
              aria-hidden={visible ? undefined : true}
              inert={!visible}
            >
              {near ? slide : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
