import { useState } from 'react';

/**
 * False until `show` is first true, then true for good: a dialog's code is fetched when it is first opened
 * (not with the page), and the dialog stays mounted afterwards for its closing animation and next opening.
 */
export function useOpenedOnce(show: boolean): boolean {
  const [opened, setOpened] = useState(show);
  if (show && !opened) setOpened(true);
  return opened || show;
}
