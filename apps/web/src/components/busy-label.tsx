import type { ReactNode } from 'react';

/** A button's words: `busyText` after a small spinner while `busy`, `text` otherwise. */
export function BusyLabel({ busy, text, busyText }: { busy: boolean; text: ReactNode; busyText: ReactNode }) {
  if (!busy) return text;
  return (
    <>
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {busyText}
    </>
  );
}
