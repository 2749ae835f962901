import { useEffect, useRef } from 'react';

/** A heading that takes the focus as soon as it is shown (a form, or one item's detail, opened). */
export function useFocusOnMount<Element extends HTMLElement = HTMLHeadingElement>() {
  const target = useRef<Element>(null);
  useEffect(() => target.current?.focus(), []);
  return target;
}

/**
 * A list's heading, which takes the focus when the list is shown again and the focus was lost with the
 * button that led away (back from a form or a detail): the reader lands on the heading.
 */
export function useFocusWhenLost<Element extends HTMLElement = HTMLHeadingElement>() {
  const target = useRef<Element>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) target.current?.focus();
  }, []);
  return target;
}
