import { useState } from 'react';
import { AlertBox } from '../../../components/alert-box';
import { ConfirmModal, useAskFirst } from '../../../components/confirm-modal';
import { ShopCard } from '../../../components/shop-card';
import { errorText } from '../../../lib/api';
import { useDeleteAccount } from '../api/delete-account';

export const DELETE_CONFIRM_TITLE = 'Are you sure?';

/**
 * Delete my account: asks first, then the personal data is erased and the shop opens afresh at /; or, while
 * an order is open or a return in progress, says why the erasure waits (the shop does it once nothing holds it).
 */
export function DeleteAccount() {
  const remove = useDeleteAccount();
  const deletion = useAskFirst();
  const [held, setHeld] = useState<string | null>(null);

  const onConfirm = () =>
    deletion.confirm(
      async () => {
        const outcome = await remove.mutateAsync();
        if ('reason' in outcome) {
          setHeld(outcome.reason);
          deletion.close();
          return;
        }
        // The account and its session are gone: open the shop afresh at /, so nothing of the account stays
        // in memory, and no guard of the account area can catch the signed-out visitor on the way out.
        window.location.assign('/');
      },
      (error) => `Your account was not deleted: ${errorText(error)}`,
    );

  return (
    <ShopCard
      headingId="delete-heading"
      title="Delete my account"
      titleClassName="account-card__title"
      className="account-card--danger"
    >
      <p className="account-card__lead">
        Your reviews and favourites are removed. Your orders stay in the shop's books, without your personal
        data.
      </p>
      {held ? (
        <AlertBox
          tone="success"
          title="Your account will be deleted"
          message={held}
          onDismiss={() => setHeld(null)}
          className="mb-3"
        />
      ) : null}
      <button type="button" className="btn btn-outline-danger" onClick={deletion.ask}>
        Delete my account
      </button>
      <ConfirmModal
        {...deletion.dialog}
        title={DELETE_CONFIRM_TITLE}
        confirmLabel="Delete my account"
        busyLabel="Deleting…"
        onConfirm={onConfirm}
      >
        <p>Deleting your account cannot be undone.</p>
        <ul className="mb-0">
          <li>Your reviews and your favourites are removed.</li>
          <li>Your orders are kept for the shop's books, without your name, e-mail, phone or address.</li>
          <li>You are signed out everywhere.</li>
          <li>
            While an order of yours is open or a return in progress, the deletion waits until they close.
          </li>
        </ul>
      </ConfirmModal>
    </ShopCard>
  );
}
