import type { Drop } from '@shop/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DropsView, readView, viewSearch } from './drops-view';

/** What the last save did, in words, shown on the drop it saved. */
const savedText = (drop: Drop, added: boolean) =>
  added
    ? `The drop of ${drop.product.name} is scheduled.`
    : `The changes to the drop of ${drop.product.name} are saved.`;

/**
 * The staff's Drops tab: which view the address asks for (the list, `?new`, `?edit=<id>`, `?drop=<id>`),
 * moves between them, and the last save's outcome.
 */
export function useDropsTab() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const [done, setDone] = useState<string | null>(null);

  const show = (next: DropsView) => {
    setDone(null);
    setParams(new URLSearchParams(viewSearch(next)), { preventScrollReset: true });
  };

  return {
    view,
    done,
    show,
    dismissDone: () => setDone(null),
    onSaved: (drop: Drop, added: boolean) => {
      show({ kind: 'detail', id: drop.id });
      setDone(savedText(drop, added));
    },
  };
}
