import { type FormEvent, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { BusyLabel } from '../../../components/busy-label';
import { useDisableTwoFactor, useRegenerateCodes } from '../api/security';
import { RecoveryCodes } from './recovery-codes';
import { fieldError, SecretField } from './secret-field';

/**
 * Two-factor is on: how many recovery codes are left, new ones, or turning it off. Both ask afresh: the
 * password, or for an account without one a current code.
 */
export function TwoFactorOn({ hasPassword, codesLeft }: { hasPassword: boolean; codesLeft: number }) {
  const regenerate = useRegenerateCodes();
  const disable = useDisableTwoFactor();
  const [secret, setSecret] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const field = hasPassword ? 'password' : 'code';
  const challenge = () => (hasPassword ? { password: secret } : { code: secret.trim() });
  const failed = regenerate.error ?? disable.error;

  const newCodes = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setCodes((await regenerate.mutateAsync(challenge())).backupCodes);
      setSecret('');
    } catch {
      setCodes(null);
    }
  };

  return (
    <div>
      <p className="security-status">
        <span className="badge text-bg-success">On</span> Signing in asks for a code from your authenticator
        app. {codesLeft} recovery code{codesLeft === 1 ? '' : 's'} left.
      </p>
      {codes ? (
        <>
          <AlertSuccess message="New recovery codes made: the old ones no longer work." />
          <RecoveryCodes codes={codes} />
        </>
      ) : null}
      <form noValidate onSubmit={newCodes} aria-label="Recovery codes and turning two-factor off">
        <SecretField
          label={hasPassword ? 'Your password' : 'A current code from your authenticator app'}
          kind={hasPassword ? 'password' : 'code'}
          value={secret}
          onChange={setSecret}
          error={fieldError(failed, field)}
        />
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-outline-dark" disabled={regenerate.isPending}>
            <BusyLabel busy={regenerate.isPending} text="New recovery codes" busyText="Making codes…" />
          </button>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={disable.isPending}
            onClick={() => disable.mutate(challenge())}
          >
            <BusyLabel busy={disable.isPending} text="Turn off two-factor" busyText="Turning off…" />
          </button>
        </div>
      </form>
    </div>
  );
}
