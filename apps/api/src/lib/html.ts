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
