import type { AccountSession } from '@shop/contracts';
import { useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { AlertSuccess } from '../../../components/alert-success';
import { BusyLabel } from '../../../components/busy-label';
import { LoadingSpinner } from '../../../components/loading-cards';
import { formatInstant } from '../../../lib/dates';
import { AccountSection } from '../account-section';
import { useAccountSessions, useSignOutOthers, useSignOutSession } from '../api/account-sessions';
import './sessions.css';

export const THIS_DEVICE = 'This device';
export const OTHERS_SIGNED_OUT = 'Every other session was signed out.';

/**
 * /account/sessions (everyone signed in): where the account is signed in (device, address, when it signed
 * in and was last seen), "Sign out" for each other session, and "Sign out everywhere else".
 */
export function SessionsTab() {
  const sessions = useAccountSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const others = sessions.data?.filter((entry) => !entry.current).length ?? 0;
  const failure = signOut.error ?? signOutOthers.error;

  const endOne = (entry: AccountSession) => {
    setDone(null);
    signOutOthers.reset();
    signOut.mutate(entry.id, {
      onSuccess: () => setDone(`${entry.device} was signed out.`),
      // The button that was pressed goes with its session: the heading keeps the focus on the page.
      onSettled: () => heading.current?.focus(),
    });
  };
  const endOthers = () => {
    setDone(null);
    signOut.reset();
    signOutOthers.mutate(undefined, { onSuccess: () => setDone(OTHERS_SIGNED_OUT) });
  };

  return (
    <AccountSection
      name="sessions"
      title="Sessions"
      aside={
        <button
          type="button"
          className="btn btn-outline-dark"
          disabled={others === 0 || signOutOthers.isPending}
          onClick={endOthers}
        >
          <BusyLabel busy={signOutOthers.isPending} text="Sign out everywhere else" busyText="Signing out…" />
        </button>
      }
    >
      <h3 ref={heading} tabIndex={-1} className="visually-hidden">
        Where you are signed in
      </h3>
      <p className="sessions-intro">
        Where your account is signed in. If you do not recognise one, sign it out and change your password.
      </p>
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mb-3" />
      ) : null}
      {failure ? (
        <AlertError message={`We could not sign it out: ${failure.message}`} className="mb-3" />
      ) : null}
      {sessions.isPending ? (
        <LoadingSpinner label="Loading your sessions" className="py-4" spinnerClassName="text-dark" />
      ) : sessions.isError ? (
        <AlertError
          message={`We could not load your sessions: ${sessions.error.message}`}
          onRetry={() => sessions.refetch()}
          dismissible={false}
        />
      ) : (
        <ul className="sessions-list" aria-label="Your sessions">
          {sessions.data.map((entry) => (
            <SessionItem
              key={entry.id}
              entry={entry}
              busy={signOut.isPending && signOut.variables === entry.id}
              onSignOut={() => endOne(entry)}
            />
          ))}
        </ul>
      )}
    </AccountSection>
  );
}

function SessionItem({
  entry,
  busy,
  onSignOut,
}: {
  entry: AccountSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  const titleId = `session-${entry.id}`;
  return (
    <li
      className={entry.current ? 'sessions-item sessions-item--current' : 'sessions-item'}
      aria-labelledby={titleId}
    >
      <div className="sessions-item__head">
        <h3 id={titleId} className="sessions-item__device">
          {entry.device}
        </h3>
        {entry.current ? (
          <span className="badge text-bg-success sessions-item__badge">{THIS_DEVICE}</span>
        ) : null}
      </div>
      <dl className="sessions-item__facts">
        <div>
          <dt>Address</dt>
          <dd>{entry.ipAddress ?? 'Unknown'}</dd>
        </div>
        <div>
          <dt>Signed in</dt>
          <dd>{formatInstant(entry.signedInAt)}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>{formatInstant(entry.lastSeenAt)}</dd>
        </div>
      </dl>
      {entry.current ? null : (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm sessions-item__action"
          onClick={onSignOut}
          disabled={busy}
          aria-label={`Sign out ${entry.device}, signed in ${formatInstant(entry.signedInAt)}`}
        >
          <BusyLabel busy={busy} text="Sign out" busyText="Signing out…" />
        </button>
      )}
    </li>
  );
}
