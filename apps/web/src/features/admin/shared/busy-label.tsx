import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface BusyLabelProps {
  busy: boolean;
  /** What the button says while busy, after a small spinner ('Saving…'). */
  busyText: string;
  /** What it says otherwise. */
  children: ReactNode;
}

/** The label of a button that starts something slow: a spinner and `busyText` while it runs. */
export function BusyLabel({ busy, busyText, children }: BusyLabelProps) {
  if (!busy) return children;
  return (
    <>
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {busyText}
    </>
  );
}

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  busy: boolean;
  busyText: string;
  type?: 'button' | 'submit';
}

/** A button that starts something slow: held while it runs (unless told otherwise), with its busy label. */
export function BusyButton({
  busy,
  busyText,
  type = 'button',
  disabled = busy,
  children,
  ...props
}: BusyButtonProps) {
  return (
    <button type={type} disabled={disabled} {...props}>
      <BusyLabel busy={busy} busyText={busyText}>
        {children}
      </BusyLabel>
    </button>
  );
}
