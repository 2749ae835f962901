import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { AlertError } from './alert-error';
import './confirm-modal.css';
import { BusyLabel } from './busy-label';

export interface ConfirmModalProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  cancelLabel?: string;
  busy: boolean;
  /** A failure of the confirmed action, shown in the spec's red alert inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Once the dialog has finished closing. Where the button that opened it went away with what it acted
   * on, this is where focus is put somewhere useful.
   */
  onExited?: () => void;
}

/** The dialog of ConfirmModal (confirm-modal.tsx), which loads it when it is first opened. */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy,
  error,
  onConfirm,
  onCancel,
  onExited,
}: ConfirmModalProps) {
  return (
    <Modal
      show={show}
      onHide={() => {
        if (!busy) onCancel();
      }}
      onExited={onExited}
      centered
      aria-labelledby="account-confirm-title"
      className="account-confirm"
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="account-confirm-title" as="h2" className="account-confirm__title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error ? <AlertError message={error} className="mt-3 mb-0" /> : null}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-dark" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          <BusyLabel busy={busy} text={confirmLabel} busyText={busyLabel} />
        </button>
      </Modal.Footer>
    </Modal>
  );
}
