import { roleLabel } from '@shop/contracts';
import type { MailMessage } from '../mail';
import { messageEmail, SHOP } from '../mail';

/** An invitation to join the shop's staff with a role: the link works once, for `hours` hours. */
export function invitationEmail(
  to: string,
  invitation: { role: string; invitedBy: string; hours: number },
  url: string,
): MailMessage {
  const role = roleLabel(invitation.role);
  return messageEmail({
    to,
    subject: `${SHOP}: you are invited to join the team`,
    heading: 'You are invited to join the team',
    paragraphs: [
      `${invitation.invitedBy} invites you to join the ${SHOP} team as ${role}.`,
      `Open the link, then create your account with this e-mail address (${to}) or sign in with it if you already have one. The role is yours once you accept.`,
    ],
    action: { label: 'Accept the invitation', url },
    footnote: `The link works once and expires in ${invitation.hours} hours. If you did not expect it, ignore this e-mail.`,
  });
}
