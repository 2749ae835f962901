import { DATA_EXPORT_LINK_HOURS } from '@shop/contracts';
import type { MailMessage } from '../mail';
import { messageEmail, SHOP } from '../mail';

/** An instant as the e-mail writes it, the same for every reader: "2027-01-31 18:00 UTC". */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A copy of a person's data is ready (a service e-mail): to the person who asked, or to the member of staff
 * who asked for them. Staff's e-mail names the person by their id only, so that it holds nothing of theirs
 * once they are erased.
 */
export function dataExportEmail(
  to: string,
  copy: { userId: string; forStaff: boolean; expiresAt: Date },
  url: string,
): MailMessage {
  const footnote = `The link works until ${utc(copy.expiresAt)} (${DATA_EXPORT_LINK_HOURS} hours); then the archive is deleted.`;
  if (copy.forStaff)
    return messageEmail({
      to,
      subject: `${SHOP}: the copy of a person's data is ready`,
      heading: 'The copy you asked for is ready',
      paragraphs: [
        `The copy of the data ${SHOP} holds about user ${copy.userId} is ready: a ZIP archive with data.json, a CSV file per kind of record and a README that explains them.`,
        'It holds personal data: keep it only as long as you need it, and never forward it.',
      ],
      action: { label: 'Download (ZIP)', url },
      footnote,
    });
  return messageEmail({
    to,
    subject: `${SHOP}: your data is ready to download`,
    heading: 'Your data is ready',
    paragraphs: [
      `You asked for a copy of the personal data ${SHOP} holds about you. It is ready: a ZIP archive with data.json, a CSV file per kind of record and a README that explains them.`,
    ],
    action: { label: 'Download my data', url },
    footnote: `${footnote} If you did not ask for it, change your password.`,
  });
}
