import {
  type Order,
  type OrderReturn,
  orderName,
  RETURN_REASON_LABELS,
  RETURN_STATE_LABELS,
} from '@shop/contracts';
import {
  type DocumentPage,
  documentPage,
  longDate,
  type Shop,
  shipToLines,
  shopBlock,
  textLines,
} from '../../lib/document-page';
import { escapeHtml } from '../../lib/html';

/** What the buyer asked for a line: its refund, or the size it is exchanged for. */
const askedFor = (line: OrderReturn['lines'][number]) =>
  line.resolution === 'exchange' ? `Exchange for size ${escapeHtml(line.exchangeSize ?? '')}` : 'Refund';

/**
 * The printable return slip the buyer puts in the parcel, in the documents' style: the return and order
 * numbers, each line with what the buyer asked for it and why, where to send it (the shop's address) and
 * who sends it. Every value is HTML-escaped.
 */
export function returnSlipPage(slip: {
  ret: OrderReturn;
  orderNumber: number;
  shipTo: Order['shipTo'];
  shop: Shop;
}): DocumentPage {
  const { ret } = slip;
  const rows = ret.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td>${escapeHtml(line.size)}</td><td class="num">${line.count}</td><td>${askedFor(line)}</td><td>${escapeHtml(RETURN_REASON_LABELS[line.reason])}</td></tr>`,
    )
    .join('');
  const sender = shipToLines(slip.shipTo);
  const comment = ret.comment
    ? `<section class="note"><h2>Comment</h2><p>${escapeHtml(ret.comment)}</p></section>`
    : '';
  return documentPage(
    `Return slip ${ret.number} \u2013 ${slip.shop.name}`,
    `<header>${shopBlock(slip.shop)}<section class="meta"><h1>Return slip</h1><p class="big">${escapeHtml(ret.number)}</p><p>Order ${orderName({ number: slip.orderNumber })}</p><p>Opened ${escapeHtml(longDate(ret.createdAt))} \u00b7 ${escapeHtml(RETURN_STATE_LABELS[ret.state])}</p></section></header>
<p class="note">Put this slip in the parcel and write the return number on the outside.</p>
<div class="parties"><section><h2>Send to</h2>${textLines([`${slip.shop.name}, Returns`, ...slip.shop.address])}</section>${sender ? `<section><h2>From</h2>${sender}</section>` : ''}</div>
<table><thead><tr><th scope="col">Pair</th><th scope="col">Size</th><th scope="col" class="num">Count</th><th scope="col">Asked for</th><th scope="col">Reason</th></tr></thead><tbody>${rows}</tbody></table>${comment}`,
  );
}
