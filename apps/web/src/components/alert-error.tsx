import { type ReactNode, useState } from 'react';
import { AlertBox } from './alert-box';

export const ERROR_ALERT_TITLE = 'Oh snap! You got an error!';

interface AlertErrorProps {
  /** The server's (or our own) explanation. */
  message: ReactNode;
  /** Extra content under the message. */
  children?: ReactNode;
  /** Shows a 'Try again' button that calls this (e.g. a query's refetch). */
  onRetry?: () => void;
  /** Called when the alert is dismissed; without it the alert hides itself. */
  onClose?: () => void;
  dismissible?: boolean;
  className?: string;
}

/**
 * The spec's red error alert, headed 'Oh snap! You got an error!'. Dismissible; a new message shows again
 * after a dismissal.
 */
export function AlertError({
  message,
  children,
  onRetry,
  onClose,
  dismissible = true,
  className,
}: AlertErrorProps) {
  // A dismissal hides this message; a different text message shows the alert again.
  const messageKey = typeof message === 'string' ? message : '';
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  if (dismissedKey === messageKey) return null;
  return (
    <AlertBox
      tone="danger"
      title={ERROR_ALERT_TITLE}
      message={message}
      className={className}
      onDismiss={
        dismissible
          ? () => {
              setDismissedKey(messageKey);
              onClose?.();
            }
          : undefined
      }
    >
      {children}
      {onRetry && (
        <button type="button" className="btn btn-sm btn-outline-danger mt-2" onClick={onRetry}>
          Try again
        </button>
      )}
    </AlertBox>
  );
}
