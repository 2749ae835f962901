import { lazy, Suspense } from 'react';
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
