import { describe, expect, it } from 'vitest';
import { breadcrumbList, catalogCrumbs } from './breadcrumbs';
import { jsonLdText } from './page-head';
import { plainText } from './plain-text';

describe('JSON-LD text', () => {
  it('has no `<` that could end its script element, and parses back to the document', () => {
    const document = { '@type': 'Product', name: 'Air </script><script>alert(1)</script> <!-- Max' };
    const text = jsonLdText(document);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(document);
  });
});

describe('breadcrumbs', () => {
  it('are a BreadcrumbList from the landing page to the page, with absolute URLs', () => {
    expect(breadcrumbList('https://shop.example', catalogCrumbs('Women', '/women'))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Women', item: 'https://shop.example/women' },
      ],
    });
  });
});

describe('plain text of a description', () => {
  it('drops the markup, reads character references and runs the blocks together with a space', () => {
    expect(
      plainText('<p>Fine <strong>leather</strong> &amp; suede.</p><p>After&nbsp;all, a shoe&#33;</p>'),
    ).toBe('Fine leather & suede. After all, a shoe!');
    expect(plainText('<script>alert(1)</script><style>p{}</style>Only text &bogus; &#x1F45F;')).toBe(
      'Only text &bogus; 👟',
    );
    expect(plainText('')).toBe('');
  });

  it('is cut at a word with an ellipsis past the length asked for', () => {
    const text = plainText(`<p>${'word '.repeat(100)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text).toMatch(/^(word )+word…$/);
  });
});
