import { AUTH_MESSAGES, SECURITY_MESSAGES } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ApiError, errorText } from '../lib/api';
import {
  getSecurity,
  passkeyAssertion,
  passkeysSupported,
  SECURITY_QUERY_KEY,
  stepUp,
} from '../lib/security';
import { answerStepUp } from '../lib/step-up';
import { AlertError } from './alert-error';
import { BusyLabel } from './busy-label';
import './step-up-dialog.css';

/**
 * 'Confirm it's you': the step-up before an action that moves money or data (decision 36). A member with
 * an authenticator app gives its code (or a recovery code), one with a passkey may use it, one without a
 * factor gives the password. Confirmed, the action is sent again; Cancel gives it up.
 */
export function StepUpDialog({ show }: { show: boolean }) {
  const security = useQuery({ queryKey: SECURITY_QUERY_KEY, queryFn: getSecurity, enabled: show });
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const status = security.data;
  const withCode = status?.twoFactorEnabled ?? false;
  const withPasskey = (status?.passkeys.length ?? 0) > 0 && passkeysSupported();
  const withPassword = status !== undefined && !withCode && (status.passkeys.length ?? 0) === 0;

  const close = (confirmed: boolean) => {
    setValue('');
    setFailure(null);
    answerStepUp(confirmed);
  };

  const run = async (proof: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await proof();
      close(true);
    } catch (error) {
      const field = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
      setFailure(field ? `${withCode ? 'The code' : 'The password'} ${field}` : errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setFailure(withCode ? SECURITY_MESSAGES.MISSING_CODE : AUTH_MESSAGES.MISSING_PASSWORD);
      return;
    }
    void run(() => stepUp(withCode ? { code: value.trim() } : { password: value }));
  };

  return (
    <Modal
      show={show}
      onHide={() => {
        if (!busy) close(false);
      }}
      centered
      aria-labelledby={titleId}
      className="step-up"
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={titleId} as="h2" className="step-up__title">
          Confirm it’s you
        </Modal.Title>
      </Modal.Header>
      <form noValidate onSubmit={submit}>
        <Modal.Body>
          <p className="step-up__lead">
            This action moves money or customer data, so we ask again. You won’t be asked for the next five
            minutes.
          </p>
          <StepUpFields
            state={security}
            withCode={withCode}
            withPassword={withPassword}
            withPasskey={withPasskey}
            value={value}
            onChange={setValue}
            failure={failure}
            busy={busy}
            onPasskey={() => void run(async () => stepUp({ passkey: await passkeyAssertion() }))}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-dark" onClick={() => close(false)} disabled={busy}>
            Cancel
          </button>
          {withCode || withPassword ? (
            <button type="submit" className="btn btn-dark" disabled={busy}>
              <BusyLabel busy={busy} text="Confirm" busyText="Checking…" />
            </button>
          ) : null}
        </Modal.Footer>
      </form>
    </Modal>
  );
}

interface FieldsProps {
  state: { isPending: boolean; isError: boolean; error: unknown };
  withCode: boolean;
  withPassword: boolean;
  withPasskey: boolean;
  value: string;
  onChange: (value: string) => void;
  failure: string | null;
  busy: boolean;
  onPasskey: () => void;
}

/** The ways this member can confirm: a code (or recovery code), the password without a factor, a passkey. */
function StepUpFields(props: FieldsProps) {
  const { state, withCode, withPassword, withPasskey, value, failure, busy } = props;
  const fieldId = useId();
  const errorId = useId();
  if (state.isPending) return <p className="text-muted">Loading…</p>;
  if (state.isError) return <AlertError message={errorText(state.error)} dismissible={false} />;
  return (
    <>
      {withCode || withPassword ? (
        <div className="mb-3">
          <label htmlFor={fieldId} className="form-label">
            {withCode ? 'Enter the 6-digit code from your authenticator app' : 'Your password'}
          </label>
          <input
            id={fieldId}
            className={`form-control${failure ? ' is-invalid' : ''}`}
            type={withCode ? 'text' : 'password'}
            inputMode={withCode ? 'numeric' : undefined}
            autoComplete={withCode ? 'one-time-code' : 'current-password'}
            value={value}
            onChange={(event) => props.onChange(event.target.value)}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? errorId : `${fieldId}-hint`}
            // biome-ignore lint/a11y/noAutofocus: the dialog opened to ask for exactly this
            autoFocus
          />
          <div id={`${fieldId}-hint`} className="form-text">
            {withCode ? 'Or one of your recovery codes.' : 'You have no second factor set up.'}
          </div>
        </div>
      ) : null}
      {withPasskey ? (
        <button
          type="button"
          className="btn btn-outline-dark w-100 mb-2"
          disabled={busy}
          onClick={props.onPasskey}
        >
          Use a passkey
        </button>
      ) : null}
      {failure ? (
        <div id={errorId}>
          <AlertError message={failure} dismissible={false} className="mt-2 mb-0" />
        </div>
      ) : null}
    </>
  );
}
