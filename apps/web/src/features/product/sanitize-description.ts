import DOMPurify from 'dompurify';

/** Basic formatting only: no links, images, styles, scripts or attributes of any kind. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'blockquote',
  'span',
];

/** Product descriptions are HTML (spec section 3); this is the only way they reach the page. */
export function sanitizeDescription(html: string): string {
  // A page rendered on the server has no DOM for DOMPurify. There the description goes out as the API
  // stored it: the API cleans every description when it is written (sanitize-html, basic tags only, no
  // attributes), so the first paint carries no markup the API let through.
  if (!DOMPurify.isSupported) return html;
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}

/** The description as plain text (for the cart line). */
export function descriptionText(html: string): string {
  // A space after each block, so paragraphs and list items do not run together.
  const spaced = sanitizeDescription(html).replace(/<\/(p|li|h3|h4|blockquote)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
