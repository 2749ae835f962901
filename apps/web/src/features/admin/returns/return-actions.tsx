import type { OrderReturn, StaffReturn } from '@shop/contracts';
import { useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { errorText } from '../../../lib/api';
import { usePermissions } from '../../../lib/permissions';
import { BusyLabel } from '../shared/busy-label';
import { useApproveReturn } from './api/approve-return';
import { ReceiveForm } from './receive-form';
import { RejectForm } from './reject-form';

type Open = 'reject' | 'receive' | null;

/**
 * What staff can do with a return, by its state: approve or reject (with words for the buyer) one that is
 * requested, mark one that is approved received. A finished return has nothing left to do; a member whose role does not decide (or receive) returns
 * sees no buttons for it. `onDone` hears
 * the return as the server answered it.
 */
export function ReturnActions({
  orderReturn,
  onDone,
}: {
  orderReturn: StaffReturn;
  onDone: (what: 'approved' | 'rejected' | 'received', changed: OrderReturn) => void;
}) {
  const approve = useApproveReturn();
  const permissions = usePermissions();
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const onApprove = async () => {
    setFailure(null);
    try {
      onDone('approved', await approve.mutateAsync(orderReturn.id));
    } catch (error) {
      setFailure(`Return ${orderReturn.number} was not approved: ${errorText(error)}`);
    }
  };

  if (open === 'reject')
    return (
      <RejectForm orderReturn={orderReturn} onDone={(done) => onDone('rejected', done)} onCancel={close} />
    );
  if (open === 'receive')
    return (
      <ReceiveForm orderReturn={orderReturn} onDone={(done) => onDone('received', done)} onCancel={close} />
    );

  if (orderReturn.state === 'requested' && permissions.has('returns.decide'))
    return (
      <>
        <div className="admin-return__buttons">
          <button type="button" className="btn btn-dark" disabled={approve.isPending} onClick={onApprove}>
            <BusyLabel busy={approve.isPending} busyText="Approving…">
              Approve
            </BusyLabel>
          </button>
          <button
            ref={opener}
            type="button"
            className="btn btn-outline-danger"
            disabled={approve.isPending}
            onClick={() => {
              setFailure(null);
              setOpen('reject');
            }}
          >
            Reject…
          </button>
        </div>
        {failure ? (
          <AlertError message={failure} onClose={() => setFailure(null)} className="mt-3 mb-0" />
        ) : null}
      </>
    );
  if (orderReturn.state === 'approved' && permissions.has('returns.receive'))
    return (
      <div className="admin-return__buttons">
        <button ref={opener} type="button" className="btn btn-dark" onClick={() => setOpen('receive')}>
          Mark received…
        </button>
        <p className="shop-note">When the parcel is in: choose which pairs go back on sale.</p>
      </div>
    );
  return null;
}
