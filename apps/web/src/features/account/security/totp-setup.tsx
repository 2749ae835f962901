import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { BusyLabel } from '../../../components/busy-label';
import { type Enrolment, useConfirmTotp, useStartTotp } from '../api/security';
import { RecoveryCodes } from './recovery-codes';
import { fieldError, SecretField } from './secret-field';

/** The secret of an otpauth URI, in groups of four for reading out. */
function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Turning on the authenticator app: the password (for an account that has one), then the QR code drawn
 * here from the otpauth URI with the secret as text, the recovery codes, and a first code to confirm.
 */
export function TotpSetup({ hasPassword }: { hasPassword: boolean }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  // The form's button goes once the setup shows: the focus moves to the setup, so the keyboard goes on
  // from there (the key, the recovery codes, then the code) rather than from the top of the page.
  const setup = useRef<HTMLElement>(null);
  useEffect(() => {
    if (enrolment) setup.current?.focus();
  }, [enrolment]);

  const begin = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setEnrolment(await start.mutateAsync(hasPassword ? password : undefined));
      setPassword('');
    } catch {
      // Shown under the field.
    }
  };

  const finish = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };

  if (!enrolment) {
    return (
      <form noValidate onSubmit={begin} aria-label="Turn on two-factor sign-in">
        {hasPassword ? (
          <SecretField
            label="Your password"
            kind="password"
            value={password}
            onChange={setPassword}
            error={fieldError(start.error, 'password')}
          />
        ) : null}
        <button type="submit" className="btn btn-dark" disabled={start.isPending}>
          <BusyLabel busy={start.isPending} text="Set up an authenticator app" busyText="Starting…" />
        </button>
      </form>
    );
  }

  return (
    <section className="security-setup" ref={setup} tabIndex={-1} aria-label="Set up your authenticator app">
      <ol className="security-setup__steps">
        <li>
          <p>Scan this QR code with your authenticator app, or type the key below into it.</p>
          <div className="security-setup__qr">
            <QRCodeSVG
              value={enrolment.totpURI}
              size={176}
              marginSize={2}
              role="img"
              aria-label="QR code of your sign-in key"
            />
          </div>
          <p className="security-setup__secret">
            Key: <code data-testid="totp-secret">{secretOf(enrolment.totpURI)}</code>
          </p>
        </li>
        <li>
          <RecoveryCodes codes={enrolment.backupCodes} />
        </li>
        <li>
          <form noValidate onSubmit={finish} aria-label="Confirm the authenticator app">
            <SecretField
              label="Enter the 6-digit code from your authenticator app"
              kind="code"
              value={code}
              onChange={setCode}
              error={fieldError(confirm.error, 'code')}
            />
            <button type="submit" className="btn btn-dark" disabled={confirm.isPending}>
              <BusyLabel busy={confirm.isPending} text="Turn on two-factor sign-in" busyText="Checking…" />
            </button>
          </form>
        </li>
      </ol>
    </section>
  );
}
