/** The colours a badge can take (shared/admin.css): each state of a tab is given one. */
export type Tone = 'blue' | 'amber' | 'orange' | 'green' | 'grey' | 'red';

/** A state in words on its colour; the colour never comes alone. */
export function StateBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span className={`state-pill admin-state admin-tone--${tone}`}>
      <span className="visually-hidden">State: </span>
      {label}
    </span>
  );
}
