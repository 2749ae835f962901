import { type ReactNode, useEffect, useState } from 'react';

export const SUCCESS_ALERT_TITLE = 'Everything went right!';

interface AlertSuccessProps {
  message: ReactNode;
  children?: ReactNode;
  onClose?: () => void;
  /** Hide by itself after this many milliseconds (the spec's success messages last SUCCESS_MESSAGE_MS). */
  autoHideMs?: number;
  dismissible?: boolean;
  className?: string;
}

/** The spec's green success alert, titled 'Everything went right!'. */
export function AlertSuccess({
  message,
  children,
  onClose,
  autoHideMs,
  dismissible = true,
  className,
}: AlertSuccessProps) {
  const [open, setOpen] = useState(true);

  useEffect(() => {
    if (!autoHideMs) return;
    const timer = window.setTimeout(() => {
      setOpen(false);
      onClose?.();
    }, autoHideMs);
    return () => window.clearTimeout(timer);
  }, [autoHideMs, onClose]);

  if (!open) return null;
  return (
    <div
      role="status"
      className={`alert alert-success${dismissible ? ' alert-dismissible' : ''}${className ? ` ${className}` : ''}`}
    >
      <h2 className="alert-heading h6 fw-bold mb-1">{SUCCESS_ALERT_TITLE}</h2>
      <div>{message}</div>
      {children}
      {dismissible && (
        <button
          type="button"
          className="btn-close"
          aria-label="Close"
          onClick={() => {
            setOpen(false);
            onClose?.();
          }}
        />
      )}
    </div>
  );
}
