import { type PointerEvent, useRef, useState } from 'react';

/** A drag shorter than this is still a click; longer ones never open the card under the pointer. */
const CLICK_SLOP_PX = 8;

type ViewportPointerEvent = PointerEvent<HTMLDivElement>;

/**
 * Swiping the carousel with mouse, pen or finger: the track follows the pointer, a drag of at least
 * `threshold` pixels moves one step (`onSwipe(1)` forwards, `onSwipe(-1)` back), and the click that ends
 * a drag does not reach the slide under the pointer.
 */
export function useCarouselDrag(enabled: boolean, threshold: number, onSwipe: (step: 1 | -1) => void) {
  const [dragging, setDragging] = useState(false);
  const [dragOffset, setDragOffset] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);
  const suppressClick = useRef(false);

  function onPointerDown(event: ViewportPointerEvent) {
    suppressClick.current = false;
    if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    setDragging(true);
  }

  function onPointerMove(event: ViewportPointerEvent) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const offset = event.clientX - start.startX;
    if (Math.abs(offset) > CLICK_SLOP_PX || dragOffset !== 0) setDragOffset(offset);
  }

  function endDrag(event: ViewportPointerEvent, cancelled: boolean) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    setDragOffset(0);
    if (cancelled) return;
    const offset = event.clientX - start.startX;
    if (Math.abs(offset) > CLICK_SLOP_PX) suppressClick.current = true;
    if (Math.abs(offset) >= threshold) onSwipe(offset < 0 ? 1 : -1);
  }

  /** The swipe surface's handlers. */
  const handlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: (event: ViewportPointerEvent) => endDrag(event, false),
    onPointerLeave: (event: ViewportPointerEvent) => endDrag(event, false),
    onPointerCancel: (event: ViewportPointerEvent) => endDrag(event, true),
    onDragStart: (event: { preventDefault: () => void }) => event.preventDefault(),
    onClickCapture: (event: { preventDefault: () => void; stopPropagation: () => void }) => {
      if (!suppressClick.current) return;
      suppressClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };

  return { dragging, dragOffset, handlers };
}

export type CarouselDragHandlers = ReturnType<typeof useCarouselDrag>['handlers'];
