import { type Order, type OrderReturn, RETURN_REASON_LABELS, RETURN_STATE_LABELS } from '@shop/contracts';
import { escapeHtml } from '../../lib/html';

/** A block of text lines as HTML lines. */
const lines = (values: string[]) =>
  values
    .filter((value) => value.trim() !== '')
    .map(escapeHtml)
    .join('<br>');

const CELL = 'padding:6px 8px;border-bottom:1px solid #ccc;text-align:left';

/**
 * The printable return slip the buyer puts in the parcel: the return and order numbers, the lines and
 * what the buyer asked for each, the reason, where to send it (the shop's address when configured) and
 * who sends it. Every value is HTML-escaped; only inline style attributes, which the shop's
 * Content-Security-Policy allows (no style element, no script): the browser's own Print prints it.
 */
export function returnSlipHtml(slip: {
  ret: OrderReturn;
  orderNumber: number;
  shipTo: Pick<
    NonNullable<Order['shipTo']>,
    'name' | 'address' | 'city' | 'state' | 'country' | 'phone'
  > | null;
  shop: { name: string; address: string[] };
}): string {
  const { ret, shipTo } = slip;
  const rows = ret.lines
    .map(
      (line) =>
        `<tr><td style="${CELL}">${escapeHtml(line.name)}</td><td style="${CELL}">${escapeHtml(line.size)}</td><td style="${CELL}">${line.count}</td><td style="${CELL}">${line.resolution === 'exchange' ? `Exchange for size ${escapeHtml(line.exchangeSize ?? '')}` : 'Refund'}</td></tr>`,
    )
    .join('');
  const sender = shipTo
    ? lines([shipTo.name, shipTo.address, `${shipTo.city} ${shipTo.state}`, shipTo.country, shipTo.phone])
    : '';
  const to = lines([`${slip.shop.name}, Returns`, ...slip.shop.address]);
  const comment = ret.comment ? `<p style="margin:4px 0 0">${escapeHtml(ret.comment)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Return slip ${escapeHtml(ret.number)}</title></head>
<body style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;color:#111;background:#fff">
<main style="max-width:720px;margin:0 auto">
<h1 style="margin:0 0 4px;font-size:24px">${escapeHtml(slip.shop.name)}: return slip</h1>
<p style="margin:0 0 16px;color:#444">Put this slip in the parcel and write the return number on the outside.</p>
<p style="margin:0;font-size:40px;font-weight:bold;letter-spacing:2px">${escapeHtml(ret.number)}</p>
<p style="margin:4px 0 16px">Order #${slip.orderNumber} · opened ${escapeHtml(ret.createdAt.slice(0, 10))} · ${escapeHtml(RETURN_STATE_LABELS[ret.state])}</p>
<table style="width:100%;border-collapse:collapse;margin:0 0 16px"><thead><tr><th scope="col" style="${CELL}">Pair</th><th scope="col" style="${CELL}">Size</th><th scope="col" style="${CELL}">Count</th><th scope="col" style="${CELL}">Asked for</th></tr></thead><tbody>${rows}</tbody></table>
<h2 style="margin:0;font-size:16px">Reason</h2>
<p style="margin:4px 0 0">${escapeHtml(RETURN_REASON_LABELS[ret.reason])}</p>${comment}
${to ? `<h2 style="margin:16px 0 0;font-size:16px">Send to</h2><p style="margin:4px 0 0">${to}</p>` : ''}
${sender ? `<h2 style="margin:16px 0 0;font-size:16px">From</h2><p style="margin:4px 0 0">${sender}</p>` : ''}
</main></body></html>`;
}
