import type { MailMessage } from '../mail';
import { messageEmail, SHOP } from '../mail';

/** How the e-mail words the time of a sign-in: "3 December 2026 at 07:55 UTC". */
export function signInTime(at: Date): string {
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return `${date} at ${time} UTC`;
}

/** A sign-in from a browser and system the account had not signed in from before. */
export function newSignInEmail(
  to: string,
  username: string,
  signIn: { device: string; ipAddress: string | null; at: Date },
  url: string,
): MailMessage {
  return messageEmail({
    to,
    subject: `A new sign-in to your ${SHOP} account`,
    heading: 'A new sign-in to your account',
    paragraphs: [
      `Hi ${username}, your account was just signed in to from a device it had not used before.`,
      `Device: ${signIn.device}. Address: ${signIn.ipAddress ?? 'unknown'}. Time: ${signInTime(signIn.at)}.`,
      'If this was you, there is nothing to do.',
      'If it was not you, change your password at once (Change password, in your account), then open your sessions and sign out the ones you do not recognise, or sign out everywhere else.',
    ],
    action: { label: 'See your sessions', url },
    footnote: 'We send this e-mail whenever your account is signed in to from a new browser or device.',
  });
}
