import type { MailMessage } from '../mail';
import { messageEmail, SHOP } from '../mail';

/** The account's e-mails: its address to verify, and a new password to choose. */

export function verificationEmail(to: string, username: string, url: string): MailMessage {
  return messageEmail({
    to,
    subject: `${SHOP}: verify your e-mail`,
    heading: 'Verify your e-mail',
    paragraphs: [
      `Hi ${username}, welcome to ${SHOP}! Please confirm this is your e-mail address to finish setting up your account.`,
    ],
    action: { label: 'Verify e-mail', url },
    footnote: 'The link works for one hour. If you did not create an account, ignore this e-mail.',
  });
}

export function passwordResetEmail(to: string, username: string, url: string): MailMessage {
  return messageEmail({
    to,
    subject: `${SHOP}: reset your password`,
    heading: 'Choose a new password',
    paragraphs: [`Hi ${username}, we received a request to reset the password of your ${SHOP} account.`],
    action: { label: 'Choose a new password', url },
    footnote:
      'The link works for one hour and only once. If you did not ask for it, ignore this e-mail: your password stays the same.',
  });
}
