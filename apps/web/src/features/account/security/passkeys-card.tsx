import type { Passkey } from '@shop/contracts';
import { type FormEvent, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../../../components/busy-label';
import { ShopCard } from '../../../components/shop-card';
import { errorText } from '../../../lib/api';
import { formatInstant } from '../../../lib/dates';
import { passkeysSupported } from '../../../lib/security';
import { useAddPasskey, useDeletePasskey, useRenamePasskey } from '../api/security';
import { SecretField } from './secret-field';

/** One passkey: its name (which can be changed) and when it was added; Remove asks for a step-up. */
function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [name, setName] = useState(passkey.name ?? '');
  const label = passkey.name || 'Unnamed passkey';
  return (
    <li className="security-passkey">
      <form
        noValidate
        className="security-passkey__form"
        aria-label={`Passkey ${label}`}
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate({ id: passkey.id, name: name.trim() });
        }}
      >
        <SecretField label={`Name of ${label}`} kind="code" value={name} onChange={setName} />
        <p className="security-passkey__added">
          Added {passkey.createdAt ? formatInstant(passkey.createdAt) : 'earlier'}
        </p>
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-outline-dark btn-sm" disabled={rename.isPending}>
            Rename
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(passkey.id)}
          >
            <BusyLabel busy={remove.isPending} text={`Remove ${label}`} busyText="Removing…" />
          </button>
        </div>
      </form>
      {rename.error || remove.error ? (
        <AlertError message={errorText(rename.error ?? remove.error)} className="mt-2 mb-0" />
      ) : null}
    </li>
  );
}

/** Passkeys: sign in with the device's lock (fingerprint, face, PIN) or a security key. */
export function PasskeysCard({ passkeys }: { passkeys: Passkey[] }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || 'Passkey', { onSuccess: () => setName('') });
  };
  return (
    <ShopCard headingId="passkeys-heading" title="Passkeys" titleClassName="account-card__title">
      <p className="account-card__lead">
        Sign in with your device’s screen lock or a security key instead of a password and code.
      </p>
      {passkeys.length > 0 ? (
        <ul className="security-passkeys">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p className="text-muted">You have no passkeys yet.</p>
      )}
      {passkeysSupported() ? (
        <form noValidate onSubmit={submit} aria-label="Add a passkey">
          <SecretField label="Name of the new passkey" kind="code" value={name} onChange={setName} />
          <button type="submit" className="btn btn-dark" disabled={add.isPending}>
            <BusyLabel busy={add.isPending} text="Add a passkey" busyText="Waiting for your device…" />
          </button>
          {add.error ? <AlertError message={errorText(add.error)} className="mt-3 mb-0" /> : null}
        </form>
      ) : (
        <p className="text-muted">This browser cannot use passkeys.</p>
      )}
    </ShopCard>
  );
}
