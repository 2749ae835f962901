import { sizeKey, waitingListNumber } from '@shop/contracts';
import { type MailMessage, messageEmail, SHOP, type SizeWords } from '../mail';
import { entryWindow, preQueueOpensAt } from './drop-state';
import type { DropRow, EntryRow } from './drops.repository';

/** "Sat, 5 Dec 2026, 18:00 UTC": e-mails name times in UTC, which every reader can convert. */
function when(date: Date): string {
  return `${date.toLocaleString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })} UTC`;
}

const productUrl = (siteUrl: string, row: DropRow) => `${siteUrl}/home/${row.productId}`;
const dropUrl = (siteUrl: string, row: DropRow) => `${siteUrl}/drops/${row.id}`;

/** A drop's news to one shopper: its heading, paragraphs, one link and a footnote. */
export interface DropNews {
  subject: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

/** Every drop e-mail (notices, draw results, a winner's hold running out) in the shop's frame. */
export function dropEmail(to: string, news: DropNews): MailMessage {
  return messageEmail({ ...news, to, subject: `${SHOP}: ${news.subject}` });
}

/** Who reads a draw's news: the name they go by, and how they read sizes. */
export interface DropReader {
  username: string;
  sizeWords: SizeWords;
}

/** What an entry's news is, by its status after the draw; undefined when there is nothing to tell. */
export function dropNews(
  siteUrl: string,
  row: DropRow,
  productName: string,
  entry: EntryRow,
): ((reader: DropReader) => DropNews) | undefined {
  const size = sizeKey(entry.size);
  const proof = `Entry ${entry.id}. How the draw was made, and how to check it: ${dropUrl(siteUrl, row)}`;
  if (entry.status === 'won' && entry.holdUntil) {
    const until = when(entry.holdUntil);
    return ({ username, sizeWords }) => ({
      subject: `you won a pair of ${productName}`,
      heading: `You won: ${productName}, size ${sizeWords(row.productId, size)}`,
      paragraphs: [
        `Hi ${username}, your entry was picked. A pair in size ${sizeWords(row.productId, size)} is held for you until ${until}.`,
        `Buy it through the usual checkout from ${when(row.releaseAt)}, signed in with this account. If it is not paid by ${until}, it goes to the next entrant.`,
      ],
      action: { label: 'Buy your pair', url: productUrl(siteUrl, row) },
      footnote: proof,
    });
  }
  if (entry.status === 'waiting') {
    const place = entry.rank ? waitingListNumber(entry.rank, row.drawnUnits?.[size] ?? 0) : '?';
    return ({ username, sizeWords }) => ({
      subject: `the draw for ${productName}`,
      heading: 'Not picked this time',
      paragraphs: [
        `Hi ${username}, your entry for ${productName} in size ${sizeWords(row.productId, size)} was not among the winners.`,
        `You are number ${place} on the waiting list for that size: if a winner does not pay in time, the pair goes to the next on the list, and we will e-mail you if it is you.`,
      ],
      action: { label: 'See the draw', url: dropUrl(siteUrl, row) },
      footnote: proof,
    });
  }
  if (entry.status === 'lapsed') {
    return ({ username, sizeWords }) => ({
      subject: `your pair of ${productName} was passed on`,
      heading: 'Your time to pay ran out',
      paragraphs: [
        `Hi ${username}, the pair of ${productName} in size ${sizeWords(row.productId, size)} held for you was not paid in time, so it went to the next entrant.`,
      ],
      action: { label: 'See the draw', url: dropUrl(siteUrl, row) },
      footnote: proof,
    });
  }
  return undefined;
}

/** "Notify me": the entry (a draw) or the waiting room (first come) is open. */
export function noticeNews(siteUrl: string, row: DropRow, productName: string, username: string): DropNews {
  if (row.mode === 'draw') {
    const { closes } = entryWindow(row);
    return {
      subject: `the draw for ${productName} is open`,
      heading: `Enter the draw: ${productName}`,
      paragraphs: [
        `Hi ${username}, you asked us to tell you: the draw for ${productName} is open until ${when(closes)}.`,
        'Entering early does not help: every entry has the same chance, and the draw can be checked by anyone.',
      ],
      action: { label: 'Enter the draw', url: productUrl(siteUrl, row) },
      footnote: 'We send this e-mail once.',
    };
  }
  return {
    subject: `the waiting room for ${productName} is open`,
    heading: `${productName} releases at ${when(row.releaseAt)}`,
    paragraphs: [
      `Hi ${username}, you asked us to tell you: the waiting room for ${productName} opened at ${when(preQueueOpensAt(row))}.`,
      'Everyone who joins before the release is put in a random order at the release: joining at the last second is as good as joining now.',
    ],
    action: { label: 'Join the waiting room', url: `${siteUrl}/drops/${row.id}/queue` },
    footnote: 'We send this e-mail once.',
  };
}
