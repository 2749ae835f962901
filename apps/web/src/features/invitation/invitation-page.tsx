import { roleLabel } from '@shop/contracts';
import { Link, useParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { BusyLabel } from '../../components/busy-label';
import { LoadingSpinner } from '../../components/loading-cards';
import { formatInstant } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useAcceptInvitation, useInvitation } from './invitation-api';
import './invitation.css';

/**
 * /invitation/:token, where an invitation's e-mail leads: who is invited and as what; a guest creates an
 * account with that address (or signs in with it) and comes back; the account with it accepts, once.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  return (
    <main className="container py-5 invitation">
      <title>Invitation · Sneaker Shop</title>
      <section className="invitation__card" aria-labelledby="invitation-title">
        <h1 id="invitation-title" className="section-title invitation__title">
          Join the team
        </h1>
        {invitation.isPending ? (
          <LoadingSpinner label="Loading the invitation" className="py-4" spinnerClassName="text-dark" />
        ) : invitation.isError ? (
          <AlertError
            message={
              invitation.error.message.includes('not found')
                ? 'This invitation link is not valid. Ask for a new one.'
                : `We could not load the invitation: ${invitation.error.message}`
            }
            dismissible={false}
          />
        ) : (
          <InvitationBody token={token} {...invitation.data} />
        )}
      </section>
    </main>
  );
}

function InvitationBody({
  token,
  email,
  role,
  expiresAt,
  state,
}: {
  token: string;
  email: string;
  role: string;
  expiresAt: string;
  state: 'open' | 'accepted' | 'expired';
}) {
  const here = `/invitation/${token}`;
  const lead = (
    <p className="invitation__lead">
      <span className="invitation__email">{email}</span> is invited to join the Sneaker Shop team as{' '}
      <strong>{roleLabel(role)}</strong>.
    </p>
  );
  if (state === 'accepted')
    return (
      <>
        {lead}
        <p>This invitation was already used.</p>
        <Link to="/account/profile" className="btn btn-dark">
          Open your account
        </Link>
      </>
    );
  if (state === 'expired')
    return (
      <>
        {lead}
        <p>This invitation expired on {formatInstant(expiresAt)}. Ask whoever invited you for a new one.</p>
      </>
    );
  return (
    <>
      {lead}
      <p className="invitation__expiry">The link works once, until {formatInstant(expiresAt)}.</p>
      <Acceptance token={token} email={email} here={here} />
    </>
  );
}

function Acceptance({ token, email, here }: { token: string; email: string; here: string }) {
  const { user, loading } = useSession();
  const accept = useAcceptInvitation(token);
  const back = encodeURIComponent(here);

  if (loading)
    return <LoadingSpinner label="Checking who is signed in" className="py-3" spinnerClassName="text-dark" />;
  if (accept.isSuccess)
    return (
      <div role="status">
        <p className="invitation__done">You are now on the team as {roleLabel(accept.data.role)}.</p>
        <Link to="/account/profile" className="btn btn-dark">
          Open the dashboard
        </Link>
      </div>
    );
  if (!user)
    return (
      <>
        <p>Create your account with {email}, or sign in if you already have one with it.</p>
        <div className="invitation__actions">
          <Link to={`/register?redirect=${back}`} className="btn btn-dark">
            Create an account
          </Link>
          <Link to={`/login?redirect=${back}`} className="btn btn-outline-dark">
            Sign in
          </Link>
        </div>
      </>
    );
  if (user.email.toLowerCase() !== email)
    return (
      <p>
        You are signed in as <strong>{user.email}</strong>. This invitation is for {email}: sign out, then
        sign in with that address.
      </p>
    );
  return (
    <>
      {accept.error ? (
        <AlertError message={`The invitation was not accepted: ${accept.error.message}`} className="mb-3" />
      ) : null}
      <button
        type="button"
        className="btn btn-dark"
        onClick={() => accept.mutate()}
        disabled={accept.isPending}
      >
        <BusyLabel busy={accept.isPending} text="Accept the invitation" busyText="Accepting…" />
      </button>
    </>
  );
}
