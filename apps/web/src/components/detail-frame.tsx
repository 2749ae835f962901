import { type ReactNode, useEffect, useRef } from 'react';

/**
 * One thing opened from a list, in the list's place: Back, then its heading, which takes the focus when it
 * opens (so the reader is taken to it), then `children`. `block` names the section's classes (`block`,
 * `block__back`) and its heading's id (`block-heading`).
 */
export function DetailFrame({
  block,
  title,
  titleClassName,
  onBack,
  children,
}: {
  block: string;
  title: string;
  titleClassName: string;
  onBack: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={block} aria-labelledby={`${block}-heading`}>
      <button type="button" className={`btn btn-outline-dark btn-sm ${block}__back`} onClick={onBack}>
        <span aria-hidden="true">←</span> Back
      </button>
      <h2 id={`${block}-heading`} ref={heading} tabIndex={-1} className={`${titleClassName} mt-3`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
