import type { MyDrop } from '@shop/contracts';

type Entry = NonNullable<MyDrop['entry']>;

/**
 * A draw entry's outcome in a word or two, as the account and the product page both name it: entered, won,
 * bought, lapsed, or not drawn with its one number on the waiting list.
 */
export function drawOutcome(entry: Pick<Entry, 'status' | 'waitingList'>): string {
  switch (entry.status) {
    case 'entered':
      return 'Entered';
    case 'won':
      return 'Won';
    case 'bought':
      return 'Won and bought';
    case 'lapsed':
      return 'Won, time to pay ran out';
    default:
      return entry.waitingList ? `Not drawn · waiting list number ${entry.waitingList}` : 'Not drawn';
  }
}
