import type { TaxRegistration } from '@shop/contracts';
import { useId, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryStatus } from '../shared/query-status';
import { useDeleteTaxRegistration, useTaxRegistrations } from './api/tax-registrations';
import { RegistrationForm } from './registration-form';
import { placeName } from './tax-places';

export const REMOVE_REGISTRATION_TITLE = 'Stop collecting tax there?';

/**
 * Where the shop collects tax: the places it is registered in, Add (a country, or a US state) and Remove
 * after asking. With none, no tax is collected anywhere.
 */
export function RegistrationsSection() {
  const id = useId();
  const registrations = useTaxRegistrations();
  const remove = useDeleteTaxRegistration();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TaxRegistration | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    await remove.mutateAsync(removing);
    setDone(`Tax is no longer collected in ${placeName(removing)}.`);
    setRemoving(null);
  };

  return (
    <section className="admin-tax__section" aria-labelledby={`${id}-heading`}>
      <div className="admin-head admin-head--actions">
        <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-tax__title">
          Registrations
        </h3>
        {adding ? null : (
          <button
            type="button"
            className="btn btn-dark"
            onClick={() => {
              setDone(null);
              setAdding(true);
            }}
          >
            Add a registration
          </button>
        )}
      </div>
      <p className="admin-intro">
        The places where the shop collects tax. With none, no tax is collected: buyers pay the prices alone.
      </p>
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mb-3" />
      ) : null}
      {adding ? (
        <RegistrationForm
          onSaved={(added) => {
            setAdding(false);
            setDone(`Tax is now collected in ${placeName(added)}.`);
            heading.current?.focus();
          }}
          onCancel={() => {
            setAdding(false);
            heading.current?.focus();
          }}
        />
      ) : null}
      {registrations.isPending || registrations.isError ? (
        <QueryStatus query={registrations} what="the registrations" spacing="py-4" dismissible />
      ) : registrations.data.length === 0 ? (
        <p className="admin-tax__empty">Not registered anywhere: no tax is collected.</p>
      ) : (
        <ul className="admin-tax__registrations" aria-label="Registrations">
          {registrations.data.map((registration) => (
            <li key={registration.id} className="admin-tax__registration">
              <span className="admin-tax__place">{placeName(registration)}</span>
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                onClick={() => {
                  setDone(null);
                  remove.reset();
                  setRemoving(registration);
                }}
                aria-label={`Remove ${placeName(registration)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        show={removing !== null}
        title={REMOVE_REGISTRATION_TITLE}
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={remove.isPending}
        error={remove.error ? remove.error.message : null}
        onConfirm={() => {
          confirmRemove().catch(() => undefined);
        }}
        onCancel={() => setRemoving(null)}
        onExited={() => heading.current?.focus()}
      >
        {removing ? (
          <p className="mb-0">
            The shop stops collecting tax in <strong>{placeName(removing)}</strong> on new orders. Orders
            already placed keep the tax they were charged.
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
