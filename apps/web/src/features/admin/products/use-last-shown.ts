import { useRef } from 'react';

/** The item a modal shows: the current one, or once it is closed (null) the last one, while it fades out. */
export function useLastShown<Item>(item: Item | null): Item | null {
  const last = useRef(item);
  if (item) last.current = item;
  return item ?? last.current;
}
