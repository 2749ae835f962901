import { type ReactNode, useEffect, useState } from 'react';
import { AlertBox } from './alert-box';

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
    <AlertBox
      tone="success"
      title={SUCCESS_ALERT_TITLE}
      message={message}
      className={className}
      onDismiss={
        dismissible
          ? () => {
              setOpen(false);
              onClose?.();
            }
          : undefined
      }
    >
      {children}
    </AlertBox>
  );
}
