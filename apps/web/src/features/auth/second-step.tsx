import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { passkeysSupported } from '../../lib/security';
import { signInWithPasskey, verifySecondFactor } from './auth-api';
import { authErrorMessage } from './auth-errors';
import { TextField } from './auth-ui';

const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';
const RECOVERY_LABEL = 'Enter one of your recovery codes';

/**
 * The second step of a sign-in with two-factor on: the authenticator app's code, or instead a recovery
 * code or a passkey. Nothing of the account opens before it is answered.
 */
export function SecondStep({ redirectTo }: { redirectTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const finish = async (step: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await step();
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      setFailure(authErrorMessage(error));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setFailure(kind === 'totp' ? CODE_LABEL : RECOVERY_LABEL);
      return;
    }
    void finish(() => verifySecondFactor(queryClient, kind, code.trim()));
  };

  const switchTo = (next: 'totp' | 'recovery') => {
    setKind(next);
    setCode('');
    setFailure(null);
  };

  return (
    <section aria-labelledby="second-step-title">
      <h2 id="second-step-title" className="auth-second__title">
        Two-factor sign-in
      </h2>
      {failure ? (
        <div id="second-step-error">
          <AlertError message={failure} onClose={() => setFailure(null)} />
        </div>
      ) : null}
      <form noValidate onSubmit={submit}>
        <TextField
          key={kind}
          label={kind === 'totp' ? CODE_LABEL : RECOVERY_LABEL}
          name="code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          invalid={failure !== null}
          aria-describedby={failure ? 'second-step-error' : undefined}
        />
        <button type="submit" className="btn btn-dark btn-lg w-100" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </form>
      <div className="auth-second__others">
        {kind === 'totp' ? (
          <button type="button" className="btn btn-link auth-link" onClick={() => switchTo('recovery')}>
            Use a recovery code
          </button>
        ) : (
          <button type="button" className="btn btn-link auth-link" onClick={() => switchTo('totp')}>
            Use the authenticator app
          </button>
        )}
        {passkeysSupported() ? (
          <button
            type="button"
            className="btn btn-outline-dark w-100"
            disabled={busy}
            onClick={() => void finish(() => signInWithPasskey(queryClient))}
          >
            Use a passkey
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** 'Sign in with a passkey', on the login's first step: no password, no code. */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Known only in the browser: the server's render (and the first one here) has no button, so they match.
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;
  const signIn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await signInWithPasskey(queryClient);
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      setFailure(authErrorMessage(error));
      setBusy(false);
    }
  };
  return (
    <>
      <div className="auth-divider">or</div>
      {failure ? <AlertError message={failure} onClose={() => setFailure(null)} /> : null}
      <button
        type="button"
        className="btn btn-lg btn-outline-dark w-100"
        disabled={busy}
        onClick={() => void signIn()}
      >
        Sign in with a passkey
      </button>
    </>
  );
}
