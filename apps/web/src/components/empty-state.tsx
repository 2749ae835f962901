import './empty-state.css';
import type { ReactNode } from 'react';

/** What a section shows with nothing in it: the spec's sentence and a way on. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="account-empty">
      <p className="account-empty__text">{text}</p>
      {children}
    </div>
  );
}
