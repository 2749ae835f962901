import type { RefObject } from 'react';

/**
 * A ref callback that keeps the map in `elements` up to date with the element rendered for `key` (set while
 * it is mounted, removed once it is gone), so focus can later move to one element of a list.
 */
export const refInto =
  <Element extends HTMLElement>(elements: RefObject<Map<string, Element>>, key: string) =>
  (element: Element | null) => {
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  };
