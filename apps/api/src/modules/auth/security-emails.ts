import { TWO_FACTOR_LOCK_MINUTES, TWO_FACTOR_MAX_FAILURES } from '@shop/contracts';
import type { MailMessage } from '../mail';
import { messageEmail, SHOP } from '../mail';

/** The account is told when wrong codes locked the second step of its sign-in: someone may have its password. */
export function twoFactorLockedEmail(to: string, username: string, siteUrl: string): MailMessage {
  return messageEmail({
    to,
    subject: `${SHOP}: sign-in locked after wrong codes`,
    heading: 'Your sign-in is locked for a while',
    paragraphs: [
      `Hi ${username}, someone gave your password and then ${TWO_FACTOR_MAX_FAILURES} wrong two-factor codes in a row, so signing in to your ${SHOP} account is locked for ${TWO_FACTOR_LOCK_MINUTES} minutes.`,
      'If it was not you, your password is known to someone else: change it once the lock ends, and check your security settings.',
    ],
    action: { label: 'Review your security', url: new URL('/account/security', siteUrl).toString() },
    footnote: 'If it was you, wait for the lock to end and sign in with a current code or a recovery code.',
  });
}

/** A member is told that staff removed their second factors, and what to do next. */
export function factorsResetEmail(to: string, username: string, by: string, siteUrl: string): MailMessage {
  return messageEmail({
    to,
    subject: `${SHOP}: your two-factor sign-in was reset`,
    heading: 'Your second factors were removed',
    paragraphs: [
      `Hi ${username}, ${by} reset the two-factor sign-in of your ${SHOP} account: its authenticator app, recovery codes and passkeys are gone, and you now sign in with your password alone.`,
      'Add an authenticator app or a passkey again in Security. If your role needs one, the dashboard waits until you do.',
    ],
    action: { label: 'Set up two-factor sign-in', url: new URL('/account/security', siteUrl).toString() },
    footnote: 'If you did not ask for this, tell the shop’s owner at once.',
  });
}
