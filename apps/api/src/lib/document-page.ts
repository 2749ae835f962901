import { randomBytes } from 'node:crypto';
import type { Order } from '@shop/contracts';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './html';

/**
 * A printable page (invoice, packing slip, return slip) and the nonce its one style element and its one
 * script (the Print button's) carry: its Content-Security-Policy names it.
 */
export interface DocumentPage {
  html: string;
  nonce: string;
}

/** Who sells, on every document: the shop's name and address lines. */
export type Shop = { name: string; address: string[] };

/** A document's Content-Security-Policy: nothing loads but its own style and script elements (no frame). */
export function documentPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sends a document as HTML under its own policy. */
export function sendDocument(reply: FastifyReply, document: DocumentPage) {
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', documentPolicy(document.nonce))
    .send(document.html);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f5f5f3;color:#222;font:14px/1.45 Helvetica,Arial,sans-serif}
main{max-width:800px;margin:24px auto;background:#fff;padding:40px;border-radius:8px}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;border-bottom:3px solid #111;padding-bottom:16px}
h1{margin:0;font-size:26px;letter-spacing:.5px}
h2{margin:0 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:1px;color:#595959}
.shop strong{font-size:18px;letter-spacing:2px;text-transform:uppercase}
.meta{text-align:right}
.parties{display:flex;flex-wrap:wrap;gap:32px;margin:24px 0}
.tax{margin-top:32px}
.parties section{flex:1 1 220px}
p{margin:0}
table{width:100%;border-collapse:collapse;margin-top:8px}
th,td{padding:8px 6px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{font-size:12px;text-transform:uppercase;letter-spacing:.5px;color:#555}
.num{text-align:right;white-space:nowrap}
tfoot td{border-bottom:none}
tfoot tr.total td{font-weight:bold;font-size:16px;border-top:2px solid #111}
.brand{color:#595959;font-size:12px}
.box{display:inline-block;width:16px;height:16px;border:1.5px solid #333;border-radius:2px}
.big{font-size:40px;font-weight:bold;letter-spacing:2px}
.note{margin:24px 0 0}
.actions{display:flex;justify-content:flex-end;margin:0 0 16px}
.actions button{font:inherit;font-weight:bold;color:#fff;background:#111;border:2px solid #111;border-radius:6px;padding:8px 20px;min-height:44px;cursor:pointer}
.actions button:hover{background:#333}
.actions button:focus-visible{outline:3px solid #0b5ed7;outline-offset:2px}
footer{margin-top:32px;color:#595959;font-size:12px}
@media (max-width:600px){main{margin:0;padding:20px;border-radius:0}.meta{text-align:left}}
@media print{body{background:#fff}main{margin:0;max-width:none;padding:0}a{color:inherit;text-decoration:none}.actions{display:none}}
@page{margin:16mm}
`;

/**
 * A document page in the documents' one style, with a Print button (the browser's own print; hidden on
 * paper) above `body`.
 */
export function documentPage(title: string, body: string): DocumentPage {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main><div class="actions"><button type="button" id="print-document">Print</button></div>${body}</main>
<script nonce="${nonce}">document.getElementById('print-document').addEventListener('click',function(){window.print()})</script></body></html>`;
  return { html, nonce };
}

/** Text lines as paragraphs; empty ones left out. */
export const textLines = (values: string[]) =>
  values
    .filter((value) => value.trim() !== '')
    .map((value) => `<p>${escapeHtml(value)}</p>`)
    .join('');

/** "December 2, 2026". */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/** The seller's block of a document's header. */
export function shopBlock(shop: Shop, suffix = ''): string {
  return `<section class="shop"><strong>${escapeHtml(shop.name)}</strong>${escapeHtml(suffix)}${textLines(shop.address)}</section>`;
}

/** An order's ship-to address as document lines; null for an order placed before addresses were kept. */
export function shipToLines(to: Order['shipTo']): string | null {
  return to
    ? textLines(
        [
          to.fullName || to.name,
          to.address,
          [to.city, to.state, to.postalCode].filter(Boolean).join(', '),
          to.country,
          to.phone,
        ].filter(Boolean),
      )
    : null;
}
