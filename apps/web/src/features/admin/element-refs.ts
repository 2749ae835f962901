/**
 * A ref callback that keeps `map` up to date with the element rendered for `key` (set while it is mounted,
 * removed once it is gone), so focus can later move to one element of a list.
 */
export const refInto =
  <Element extends HTMLElement>(map: Map<string, Element>, key: string) =>
  (element: Element | null) => {
    if (element) map.set(key, element);
    else map.delete(key);
  };
