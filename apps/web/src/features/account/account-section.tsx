import type { ReactNode } from 'react';

interface AccountSectionProps {
  /** The heading's id is `${name}-heading`; the section is named by it. */
  name: string;
  title: string;
  /** What stands beside the heading: a count, a sort. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A tab's section of the account: its heading, with what stands beside it, over its content. */
export function AccountSection({ name, title, aside, children }: AccountSectionProps) {
  return (
    <section aria-labelledby={`${name}-heading`}>
      <div className="account-section-head">
        <h2 id={`${name}-heading`} className="account-section-title">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
