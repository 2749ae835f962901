import type { ReactNode, RefObject } from 'react';

interface StaffPageProps {
  /** The tab's id: its heading is `${id}-heading`. */
  id: string;
  /** The tab's own block of classes ('admin-drops'). */
  className: string;
  title: string;
  /** A heading that takes the focus (back from a form, after a deletion); others are not focusable. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  /** Beside the title: how many are shown, said to screen readers as it changes. */
  count?: string;
  /** Beside the title: the tab's buttons (New, Export); given, even as null, the head is laid out for them. */
  actions?: ReactNode;
  /** What the tab is for, under its heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A staff tab: a section named by its heading, with a count or buttons beside it and an intro under it. */
export function StaffPage({
  id,
  className,
  title,
  headingRef,
  count,
  actions,
  intro,
  children,
}: StaffPageProps) {
  return (
    <section className={`admin-page ${className}`} aria-labelledby={`${id}-heading`}>
      <div className={actions === undefined ? 'admin-head' : 'admin-head admin-head--actions'}>
        <h2
          id={`${id}-heading`}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="admin-title"
        >
          {title}
        </h2>
        {count === undefined ? null : (
          <p className="admin-count" role="status">
            {count}
          </p>
        )}
        {actions}
      </div>
      {intro ? <p className="admin-intro">{intro}</p> : null}
      {children}
    </section>
  );
}
