/**
 * The characters XML 1.0 can hold: tab, the line ends, and the rest of Unicode but the surrogates (a lone
 * one is no character) and U+FFFE/U+FFFF. Anything else is dropped.
 */
function xmlCharacters(text: string): string {
  let kept = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    if (allowed) kept += character;
  }
  return kept;
}

/** Text made safe as an XML element's content or a quoted attribute's value. */
export function escapeXml(value: string | number): string {
  return xmlCharacters(String(value))
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** An element holding escaped text: `<loc>…</loc>`. */
export const element = (name: string, value: string | number): string =>
  `<${name}>${escapeXml(value)}</${name}>`;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
