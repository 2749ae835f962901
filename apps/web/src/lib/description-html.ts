/**
 * Product descriptions are HTML (spec section 3), and the page renders them as HTML on the server and in
 * the browser. Whatever the database holds (the API cleans what it writes, but SQL or an import can write
 * anything), only this reaches the page: basic formatting, no attributes, everything else as text
 * (decision 25). It needs no DOM, so the server's render and the browser's first render give the same
 * HTML.
 */

/** Tags a description may use (the API's write path keeps the same ones), always without attributes. */
const ALLOWED = new Set([
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
  'h5',
  'blockquote',
  'span',
]);

/** Elements dropped with everything up to their end tag: their content is code, styles or another document. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frameset',
  'object',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'select',
  'head',
  'canvas',
  'audio',
  'video',
]);

/**
 * A comment, a declaration or processing instruction, or a tag: `/` if it ends an element, its name, and
 * its attributes (a quoted value may hold `>`). Anything unterminated runs to the end. Every alternative
 * matches as soon as it starts, so the scan is linear.
 */
const MARKUP =
  /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*(?:>|$)|<(\/?)([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*(?:"|$)|'[^']*(?:'|$))*)(?:>|$)/g;

/** A character reference the browser reads as one character of text. */
const REFERENCE = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/;

/** Text as HTML text: < and > escaped, & escaped unless it starts a character reference. */
function escapeText(text: string): string {
  return text.replace(/[<>]|&/g, (found, offset: number) => {
    if (found === '<') return '&lt;';
    if (found === '>') return '&gt;';
    return REFERENCE.test(text.slice(offset, offset + 40)) ? '&' : '&amp;';
  });
}

/**
 * The description with only ALLOWED tags, bare and properly nested (an element left open is closed at the
 * end, an end tag that closes nothing is dropped), and all else as escaped text; comments and the
 * DROPPED_WITH_CONTENT elements go with their content. Safe by construction: the only markup written is
 * the fixed tags of ALLOWED.
 */
export function sanitizeDescription(html: string): string {
  let out = '';
  const open: string[] = [];
  let skipping: string | null = null;
  let last = 0;
  for (const match of html.matchAll(MARKUP)) {
    if (!skipping) out += escapeText(html.slice(last, match.index));
    last = match.index + match[0].length;
    const [, slash, rawName, attributes = ''] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    const closing = slash === '/';
    if (skipping) {
      if (closing && name === skipping) skipping = null;
    } else if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !attributes.trimEnd().endsWith('/')) skipping = name;
    } else if (!ALLOWED.has(name)) {
      // Dropped; its content stays, as text and allowed tags.
    } else if (name === 'br') {
      if (!closing) out += '<br>';
    } else if (!closing) {
      open.push(name);
      out += `<${name}>`;
    } else if (open.includes(name)) {
      for (let inner = open.pop(); inner !== undefined; inner = open.pop()) {
        out += `</${inner}>`;
        if (inner === name) break;
      }
    }
  }
  if (!skipping) out += escapeText(html.slice(last));
  for (let inner = open.pop(); inner !== undefined; inner = open.pop()) out += `</${inner}>`;
  return out;
}

/** The description as plain text (for the cart line). In the browser only: it reads the text with the DOM. */
export function descriptionText(html: string): string {
  // A space after each block, so paragraphs and list items do not run together.
  const spaced = sanitizeDescription(html).replace(/<\/(p|li|h3|h4|h5|blockquote)>|<br>/g, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
