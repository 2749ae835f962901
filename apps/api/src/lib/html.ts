import sanitizeHtml from 'sanitize-html';

/** Tags a product description may use; everything else (scripts, handlers, styles, links) is dropped. */
const DESCRIPTION_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'h5',
  'span',
];

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, { allowedTags: DESCRIPTION_TAGS, allowedAttributes: {} });
}

export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

/** Text or a number made safe inside HTML, in an element or a quoted attribute: e-mails and printable pages. */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
