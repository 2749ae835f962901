import { SITEMAP_URL_LIMIT } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { xmlProblems, xmlValues } from '../../test/discovery';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app } = testShop();
const SITE = 'http://localhost:3000';
/** Ten products past one sitemap's 50,000 URLs. */
const PRODUCTS = SITEMAP_URL_LIMIT + 10;

describe('a catalogue larger than one sitemap holds', () => {
  it('is split at 50,000 URLs a file', { timeout: 300_000 }, async () => {
    // One statement: the catalogue's triggers stamp the version and the price history as for any insert.
    await app().db.execute(sql`
      INSERT INTO product (slug, name, brand, price_cents, description, genders, categories, color,
        release_date, card_picture, detail_picture, original_picture, search_terms, search_body)
      SELECT 'bulk-' || n, 'Bulk Runner ' || n, 'nike', 10000 + n % 5000,
        'A generated runner, one of very many, for the sitemap.', ARRAY['men'], ARRAY['running'], 'Blue',
        '2024-01-01', '/uploads/products/bulk-' || n || '/card.webp',
        '/uploads/products/bulk-' || n || '/detail.webp', '/uploads/products/bulk-' || n || '/original.webp',
        'Bulk Runner ' || n, 'A generated runner'
      FROM generate_series(1, ${PRODUCTS}) AS n`);

    const started = Date.now();
    const index = await send(app(), 'GET', '/sitemap.xml');
    const built = Date.now() - started;
    expect(index.statusCode, index.body.slice(0, 200)).toBe(200);
    expect(xmlValues(index.body, 'loc')).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/products-1.xml`,
      `${SITE}/sitemaps/products-2.xml`,
    ]);
    const first = await send(app(), 'GET', '/sitemaps/products-1.xml');
    const second = await send(app(), 'GET', '/sitemaps/products-2.xml');
    expect(xmlProblems(second.body)).toEqual([]);
    const counted = (body: string) => body.match(/<url>/g)?.length ?? 0;
    expect(counted(first.body)).toBe(SITEMAP_URL_LIMIT);
    expect(counted(second.body)).toBe(10);
    // Each file stays far below the protocol's 50 MB.
    expect(first.body.length).toBeLessThan(50 * 1024 * 1024);
    expect((await send(app(), 'GET', '/sitemaps/products-3.xml')).statusCode).toBe(404);
    // Once built, the index is answered from memory until the catalogue changes.
    const again = Date.now();
    expect((await send(app(), 'GET', '/sitemap.xml')).statusCode).toBe(200);
    console.info(
      `sitemap of ${PRODUCTS} products: built in ${built} ms, answered again in ${Date.now() - again} ms`,
    );
  });
});
