import { AUTH_MESSAGES } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { AlertSuccess } from '../../components/alert-success';
import { CheckIcon, MailIcon } from '../../components/icons';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { refreshSession, safeRedirect, sendVerificationEmail } from './auth-api';
import { authErrorMessage } from './auth-errors';
import { AuthCard } from './auth-ui';

export const VERIFY_LINK_INVALID_MESSAGE =
  'This verification link is invalid or has expired. Send a new one with the button below.';

type Notice = { kind: 'error' | 'success'; message: string } | null;

/**
 * /verify-email (needs login). Unverified: send the e-mail again, or 'Continue' once the link was followed.
 * Verified (also where the e-mailed link lands): 'Verification Completed' and 'Go home'.
 */
export function VerifyEmailPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const back = safeRedirect(params.get('redirect'), '');
  const [notice, setNotice] = useState<Notice>(() =>
    params.get('error') ? { kind: 'error', message: VERIFY_LINK_INVALID_MESSAGE } : null,
  );
  const [busy, setBusy] = useState<'send' | 'continue' | null>(null);

  if (user?.emailVerified)
    return (
      <AuthCard title="Verification Completed" icon={<StatusIcon done icon={<CheckIcon />} />}>
        <p className="auth-card__lead">
          Your e-mail <span className="auth-email-chip">{user.email}</span> is verified. You can buy, save
          favourites and review what you bought.
        </p>
        <div className="d-grid gap-2">
          {back && back !== '/' ? (
            <Link to={back} className="btn btn-dark btn-lg auth-submit">
              Back to where you were
            </Link>
          ) : null}
          <Link
            to="/"
            className={`btn btn-lg auth-submit ${back && back !== '/' ? 'btn-outline-dark' : 'btn-dark'}`}
          >
            Go home
          </Link>
        </div>
      </AuthCard>
    );

  const send = async () => {
    if (!user) return;
    setBusy('send');
    setNotice(null);
    try {
      await sendVerificationEmail(user.email);
      setNotice({ kind: 'success', message: AUTH_MESSAGES.VERIFICATION_SENT });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 429
          ? error.message || AUTH_MESSAGES.TOO_MANY_REQUESTS
          : authErrorMessage(error);
      setNotice({ kind: 'error', message });
    } finally {
      setBusy(null);
    }
  };

  const proceed = async () => {
    setBusy('continue');
    setNotice(null);
    try {
      const fresh = await refreshSession(queryClient);
      if (!fresh?.emailVerified) setNotice({ kind: 'error', message: AUTH_MESSAGES.EMAIL_NOT_VERIFIED });
    } catch (error) {
      setNotice({ kind: 'error', message: authErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard title="Verify your email" icon={<StatusIcon icon={<MailIcon />} />}>
      <p className="fw-semibold fs-5 mb-2">Please verify the email to continue</p>
      <p className="auth-card__lead">
        We sent a link to <span className="auth-email-chip">{user?.email}</span>. Open it, then come back and
        press Continue.
      </p>
      {notice?.kind === 'error' ? (
        <AlertError message={notice.message} onClose={() => setNotice(null)} />
      ) : null}
      {notice?.kind === 'success' ? (
        <AlertSuccess message={notice.message} onClose={() => setNotice(null)} />
      ) : null}
      <div className="d-grid gap-2">
        <button
          type="button"
          className="btn btn-dark btn-lg auth-submit"
          onClick={proceed}
          disabled={busy !== null}
        >
          {busy === 'continue' ? (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          ) : null}
          Continue
        </button>
        <button
          type="button"
          className="btn btn-outline-dark btn-lg auth-submit"
          onClick={send}
          disabled={busy !== null || !user}
        >
          {busy === 'send' ? (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          ) : null}
          Send Verification Email
        </button>
      </div>
    </AuthCard>
  );
}

/** The page's round status icon: the envelope while waiting, the tick once verified (`done`). */
function StatusIcon({ icon, done = false }: { icon: ReactNode; done?: boolean }) {
  return (
    <div className={done ? 'auth-status-icon auth-status-icon--done' : 'auth-status-icon'} aria-hidden="true">
      {icon}
    </div>
  );
}
