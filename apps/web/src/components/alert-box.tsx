import type { ReactNode } from 'react';

interface AlertBoxProps {
  tone: 'danger' | 'success';
  title: string;
  message?: ReactNode;
  children?: ReactNode;
  /** Shows a close button that calls this. */
  onDismiss?: () => void;
  className?: string;
}

/** The look shared by the red and the green alert: a heading, the message, an optional close button. */
export function AlertBox({ tone, title, message, children, onDismiss, className }: AlertBoxProps) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`alert alert-${tone}${onDismiss ? ' alert-dismissible' : ''}${className ? ` ${className}` : ''}`}
    >
      <h2 className="alert-heading h6 fw-bold mb-1">{title}</h2>
      <div>{message}</div>
      {children}
      {onDismiss && <button type="button" className="btn-close" aria-label="Close" onClick={onDismiss} />}
    </div>
  );
}
