import { beforeAll, describe, expect, it } from 'vitest';
import { newProduct } from '../../test/buyers';
import { modifyProduct, type Pictures, staffProduct, xmlProblems, xmlText } from '../../test/discovery';
import { createDrop } from '../../test/drops';
import { storedPictures } from '../../test/product-pictures';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { addProducts } from '../catalog';

const { app, staff } = testShop({ catalogue: true, staff: true });
const SITE = 'http://localhost:3000';
let pictures: Pictures;

beforeAll(async () => {
  pictures = await storedPictures(app(), staff().cookie);
});

type Item = Record<string, string>;

/** The feed's items as the TSV writes them: a header row, one row per item. */
async function tsvItems(): Promise<Item[]> {
  const response = await send(app(), 'GET', '/feeds/products.tsv');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
  const [header = '', ...rows] = response.body.trimEnd().split('\n');
  const columns = header.split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    expect(cells).toHaveLength(columns.length);
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}

/** The feed's items as the RSS writes them, each attribute by its TSV column's name. */
async function xmlItems(): Promise<Item[]> {
  const response = await send(app(), 'GET', '/feeds/products.xml');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(xmlProblems(response.body)).toEqual([]);
  expect(response.body).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
  return [...response.body.matchAll(/<item>(.*?)<\/item>/g)].map(([, item = '']) => {
    const fields: Item = {};
    const shipping =
      /<g:shipping><g:country>(.*?)<\/g:country><g:service>(.*?)<\/g:service><g:price>(.*?)<\/g:price><\/g:shipping>/.exec(
        item,
      );
    if (shipping)
      fields.shipping = `${xmlText(shipping[1] ?? '')}::${xmlText(shipping[2] ?? '')}:${xmlText(shipping[3] ?? '')}`;
    for (const [, name = '', value = ''] of item
      .replace(/<g:shipping>.*?<\/g:shipping>/, '')
      .matchAll(/<(?:g:)?([a-z_]+)>([^<]*)<\/(?:g:)?\1>/g)) {
      fields[name] = xmlText(value);
    }
    return fields;
  });
}

const ofProduct = (items: Item[], id: string) => items.filter((item) => item.item_group_id === id);

describe('the product feed', () => {
  it('has one item per size with its availability: in stock (limited too), sold out, a drop before its release a pre-order', async () => {
    const onSale = await staffProduct(app(), staff().cookie, pictures, {
      stock: { '8': 10, '8.5': 3, '9': 4 },
      price: 90,
      compareAtPrice: 120,
      gtin: '4006381333931',
    });
    await modifyProduct(app(), staff().cookie, onSale._id, { stock: { '9': 0 } });
    const dropped = await staffProduct(app(), staff().cookie, pictures, {
      stock: { '10': 5, '11': 1 },
      gender: 'unisex',
    });
    await modifyProduct(app(), staff().cookie, dropped._id, { stock: { '11': 0 } });
    const releaseAt = new Date(Date.now() + 3 * 3600_000);
    await createDrop(app(), staff().cookie, {
      productId: dropped._id,
      mode: 'queue',
      releaseAt: releaseAt.toISOString(),
    });

    const items = await tsvItems();
    const sale = ofProduct(items, onSale._id);
    expect(sale.map((item) => [item.id, item.size, item.availability])).toEqual([
      [`${onSale._id}-8`, '8', 'in_stock'],
      [`${onSale._id}-8.5`, '8.5', 'in_stock'],
      [`${onSale._id}-9`, '9', 'out_of_stock'],
    ]);
    expect(sale[0]).toMatchObject({
      title: `${onSale.name}, US 8`,
      description: 'A light runner for long days & short nights.',
      link: `${SITE}/home/${onSale._id}?size=8`,
      image_link: `${SITE}${onSale.detail_picture}`,
      size_system: 'US',
      gender: 'female',
      age_group: 'adult',
      color: 'Blue',
      brand: 'Nike',
      gtin: '4006381333931',
      price: '120.00 USD',
      sale_price: '90.00 USD',
      shipping: 'US::Standard shipping:0.00 USD',
      condition: 'new',
    });
    expect(sale[0]?.sale_price_effective_date).toMatch(/^\d{4}-\d\d-\d\dT[\d:]+Z\/\d{4}-\d\d-\d\dT[\d:]+Z$/);
    const drop = ofProduct(items, dropped._id);
    expect(drop.map((item) => [item.size, item.availability, item.availability_date])).toEqual([
      ['10', 'preorder', releaseAt.toISOString().replace(/\.\d{3}Z$/, 'Z')],
      ['11', 'out_of_stock', ''],
    ]);
    expect(drop[0]).toMatchObject({
      gender: 'unisex',
      price: '120.00 USD',
      sale_price: '',
      gtin: '',
      identifier_exists: 'no',
    });
  });

  it('has every size of every product on sale, and the TSV and the XML agree item by item', async () => {
    const tsv = await tsvItems();
    const xml = await xmlItems();
    expect(xml).toHaveLength(tsv.length);
    for (const [index, item] of tsv.entries()) {
      const nonEmpty = Object.fromEntries(Object.entries(item).filter(([, value]) => value !== ''));
      expect(xml[index]).toEqual(nonEmpty);
    }
    const { total } = (await send(app(), 'GET', '/api/products?limit=1')).json<{ total: number }>();
    expect(new Set(tsv.map((item) => item.item_group_id)).size).toBe(total);
  });

  it('escapes a name and a description with &, < and quotes in the XML, and keeps tabs out of the TSV', async () => {
    const named = await staffProduct(app(), staff().cookie, pictures, {
      name: 'Salt & Pepper "Court"',
      description: "<p>Sizes 8 &lt; 9 &amp; up,\tfor 'all' courts &gt; none.</p>",
    });
    const imported = await addProducts(app().db, [
      newProduct({ name: 'Old <Import> & Co', price: 80, stock: { '9': 2 } }, { slug: 'old-import-feed' }),
    ]);
    const xml = (await send(app(), 'GET', '/feeds/products.xml')).body;
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toContain('<title>Salt &amp; Pepper &quot;Court&quot;, US 8</title>');
    expect(xml).toContain(
      '<description>Sizes 8 &lt; 9 &amp; up, for &apos;all&apos; courts &gt; none.</description>',
    );
    expect(xml).toContain('<title>Old &lt;Import&gt; &amp; Co, US 9</title>');
    const items = await xmlItems();
    expect(ofProduct(items, named._id)[0]?.title).toBe('Salt & Pepper "Court", US 8');
    expect(ofProduct(items, imported.get('old-import-feed') ?? '')[0]?.title).toBe('Old <Import> & Co, US 9');
    expect(ofProduct(await tsvItems(), named._id)[0]?.description).toBe(
      "Sizes 8 < 9 & up, for 'all' courts > none.",
    );
  });

  it('follows a change at once, and answers 304 while nothing changed', async () => {
    const made = await staffProduct(app(), staff().cookie, pictures);
    const first = await send(app(), 'GET', '/feeds/products.tsv');
    const unchanged = await app().inject({
      method: 'GET',
      url: '/feeds/products.tsv',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    await modifyProduct(app(), staff().cookie, made._id, { price: 99 });
    const changed = await app().inject({
      method: 'GET',
      url: '/feeds/products.tsv',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(ofProduct(await tsvItems(), made._id)[0]?.price).toBe('99.00 USD');
  });
});
