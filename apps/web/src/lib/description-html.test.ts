// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ATTACKS, HOSTILE_DESCRIPTION } from '../test/hostile-description';
import { sanitizeDescription } from './description-html';

/** Only the allowed tags, bare, and text: no `<` opens anything else. */
const ONLY_BASIC_TAGS = /^(?:[^<>]|<\/?(?:p|br|strong|b|em|i|u|s|ul|ol|li|h3|h4|h5|blockquote|span)>)*$/;

/** The open tags of `html`, in order, must each be closed (br excepted) and nested properly. */
function balanced(html: string): boolean {
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z0-9]+)>/g)) {
    if (name === 'br') continue;
    if (!closing) open.push(name ?? '');
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

// No DOM here, as in the server's render: the sanitizer works on the text alone.
describe('sanitizeDescription, without a DOM', () => {
  it('runs where there is no document', () => {
    expect(typeof document).toBe('undefined');
  });

  it('keeps basic formatting, text and character references as they are', () => {
    const stored =
      '<p>Fine <strong>leather</strong> &amp; suede, &quot;built&quot; to last.</p><ul><li>One</li><li>Two<br>lines</li></ul><h3>Fit</h3>';
    expect(sanitizeDescription(stored)).toBe(stored);
  });

  it('drops tags it does not allow and every attribute, keeping their text', () => {
    expect(
      sanitizeDescription(
        '<h1>Hi</h1><p style="color:red" onclick="x()">A <a href="javascript:x">link</a> <em>b</em></p>',
      ),
    ).toBe('Hi<p>A link <em>b</em></p>');
    expect(sanitizeDescription('<P CLASS="x">Upper</P><br/><BR >')).toBe('<p>Upper</p><br><br>');
  });

  it('writes a stray < > or & as text', () => {
    expect(sanitizeDescription('5 < 6 > 4 & <3 &copy; &#169; &#xA9; &bogus')).toBe(
      '5 &lt; 6 &gt; 4 &amp; &lt;3 &copy; &#169; &#xA9; &amp;bogus',
    );
  });

  it('closes what it opens and drops what closes nothing', () => {
    expect(sanitizeDescription('<b>bold <i>both</b> plain</i></p><ul><li>x')).toBe(
      '<b>bold <i>both</i></b> plain<ul><li>x</li></ul>',
    );
  });

  it.each(ATTACKS)('leaves nothing that runs of %s', (attack) => {
    const clean = sanitizeDescription(`<p>Before</p>${attack}<p>After</p>`);
    expect(clean).toMatch(ONLY_BASIC_TAGS);
    expect(balanced(clean)).toBe(true);
    expect(clean.startsWith('<p>Before</p>')).toBe(true);
  });

  it('keeps the formatting and text around the attacks', () => {
    const clean = sanitizeDescription(HOSTILE_DESCRIPTION);
    expect(clean.startsWith('<p>Fine <strong>leather</strong> &amp; suede.</p>')).toBe(true);
    expect(clean.endsWith('<p>After all, a shoe.</p>')).toBe(true);
    expect(clean).toMatch(ONLY_BASIC_TAGS);
  });

  it('holds for any mix of markup characters, and in linear time', () => {
    const pieces = [
      '<',
      '>',
      '"',
      "'",
      '/',
      '=',
      '!',
      '-',
      '?',
      '&',
      ' ',
      'p',
      'b',
      'script',
      'svg',
      'x',
      ';',
      '#',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let round = 0; round < 2000; round += 1) {
      const text = Array.from({ length: 40 }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const clean = sanitizeDescription(text);
      expect(clean, text).toMatch(ONLY_BASIC_TAGS);
      expect(balanced(clean), text).toBe(true);
    }
    const started = performance.now();
    sanitizeDescription(`${'<a "'.repeat(25_000)}${'<p '.repeat(25_000)}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
