import { lazy, Suspense, useState } from 'react';
import { errorText } from '../lib/api';
import { useOpenedOnce } from '../lib/opened-once';
import type { ConfirmModalProps } from './confirm-dialog';

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * 'Are you sure?': a dialog that asks before something that cannot be undone. Escape or Cancel closes it.
 * Its code (react-bootstrap's Modal) comes when it is first opened, not with the page.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const opened = useOpenedOnce(props.show);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

/**
 * The state of one ConfirmModal: open or not, its action running, and the action's failure. `ask` opens it
 * afresh; `confirm` runs the confirmed action and shows its failure, worded by `failure`, in the dialog
 * (the action closes the dialog itself with `close` when it is done); `dialog` goes to the ConfirmModal.
 */
export function useAskFirst() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => setAsking(false);
  const ask = () => {
    setError(null);
    setAsking(true);
  };
  const confirm = async (action: () => Promise<void>, failure: (cause: unknown) => string = errorText) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (cause) {
      setError(failure(cause));
    } finally {
      setBusy(false);
    }
  };
  return { ask, close, confirm, dialog: { show: asking, busy, error, onCancel: close } };
}
