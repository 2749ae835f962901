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
