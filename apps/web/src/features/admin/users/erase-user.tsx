import type { AdminUser } from '@shop/contracts';
import { useState } from 'react';
import { AlertBox } from '../../../components/alert-box';
import { ConfirmModal, useAskFirst } from '../../../components/confirm-modal';
import { errorText } from '../../../lib/api';
import { useEraseUser } from './api/erase-user';

/**
 * "Erase data" on a shopper's card (users.write): after 'Are you sure?', the person's personal data is
 * erased as their own deletion would, or the erasure is held and the card says why.
 */
export function EraseUser({ user, disabled }: { user: AdminUser; disabled: boolean }) {
  const erase = useEraseUser(user._id);
  const asking = useAskFirst();
  const [held, setHeld] = useState<string | null>(null);
  const who = user.username || user.email;

  const onConfirm = () =>
    asking.confirm(
      async () => {
        const outcome = await erase.mutateAsync();
        if ('reason' in outcome) setHeld(outcome.reason);
        asking.close();
      },
      (error) => `${user.email} was not erased: ${errorText(error, 'Please try again.')}`,
    );

  return (
    <>
      {held ? (
        <AlertBox
          tone="success"
          title={`Erasure of ${who} held`}
          message={held}
          onDismiss={() => setHeld(null)}
          className="admin-user-card__alert mb-0"
        />
      ) : null}
      <button
        type="button"
        className="btn btn-outline-danger btn-sm admin-user-card__erase"
        disabled={disabled}
        aria-label={`Erase the personal data of ${user.email}`}
        onClick={asking.ask}
      >
        Erase data
      </button>
      <ConfirmModal
        {...asking.dialog}
        title="Erase this person's data?"
        confirmLabel="Erase data"
        busyLabel="Erasing…"
        onConfirm={onConfirm}
      >
        <p>
          <strong>{who}</strong> ({user.email}): their name, e-mail, addresses, phone, reviews and sessions
          are erased for good. Orders, payments and returns stay as accounting records, shown as "Erased
          customer".
        </p>
        <p className="mb-0">
          While an order of theirs is open or a return in progress, the erasure waits and is done once they
          close.
        </p>
      </ConfirmModal>
    </>
  );
}
