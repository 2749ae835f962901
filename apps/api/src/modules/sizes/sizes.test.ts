import {
  BRANDS,
  CHART_GENDERS,
  keysForSize,
  rowForKey,
  SIZE_SYSTEMS,
  type SizeChart,
  type SizeChartRow,
} from '@shop/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvent, sizeChart } from '../../db/schema';
import { newProduct } from '../../test/buyers';
import { parseCsv } from '../../test/csv';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { insertProducts } from '../catalog/catalog.repository';

const shop = testShop({ staff: 'charts' });
const app = () => shop.app();
const staff = () => shop.staff();

async function chart(brand: string, gender: string, cookie?: string): Promise<SizeChart> {
  const response = await send(app(), 'GET', `/api/size-charts?brand=${brand}&gender=${gender}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SizeChart>();
}

const putCsv = (brand: string, gender: string, text: string, cookie = staff().cookie) =>
  app().inject({
    method: 'PUT',
    url: `/api/size-charts/${brand}/${gender}.csv`,
    headers: { cookie, origin: 'http://localhost:3000', 'content-type': 'text/csv' },
    payload: text,
  });

describe('the size charts a shop comes with', () => {
  it.each(BRANDS.flatMap((brand) => CHART_GENDERS.map((gender) => [brand, gender] as const)))(
    '%s %s converts every key to each system and back',
    async (brand, gender) => {
      const { rows, source, systems, edited } = await chart(brand, gender);
      expect(systems).toEqual([...SIZE_SYSTEMS]);
      expect(source.length).toBeGreaterThan(10);
      expect(edited).toBe(false);
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(rowForKey(rows, row.key)).toEqual(row);
        for (const system of SIZE_SYSTEMS) expect(keysForSize(rows, system, row[system])).toContain(row.key);
      }
    },
  );

  it('says what the brands say: a Nike men’s US 10 is UK 9, EU 44; an adidas men’s US 10 is UK 9.5, EU 44', async () => {
    const nike = rowForKey((await chart('nike', 'men')).rows, '10');
    expect(nike).toMatchObject({ US: '10', UK: '9', EU: '44' });
    const adidas = rowForKey((await chart('adidas', 'men')).rows, '10');
    expect(adidas).toMatchObject({ US: '10', UK: '9.5', EU: '44' });
    // An EU 44 foot is a 10 in both; a model that runs half a size large (+1) fits it in a 9.5.
    expect(keysForSize((await chart('nike', 'men')).rows, 'EU', '44')).toEqual(['10']);
    expect(keysForSize((await chart('nike', 'men')).rows, 'EU', '44', 1)).toEqual(['9.5']);
  });

  it('refuses an unknown brand or gender with the field named', async () => {
    const response = await send(app(), 'GET', '/api/size-charts?brand=puma&gender=kids');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['brand', 'gender']);
  });
});

describe('staff changing a chart', () => {
  const rows = (changes: Partial<SizeChartRow> = {}): SizeChartRow[] => [
    { key: '9', US: '9', UK: '8.5', EU: '43', CM: '27', JP: '270' },
    { key: '9.5', US: '9.5', UK: '9', EU: '43.5', CM: '27.5', JP: '275' },
    { key: '10', US: '10', UK: '9.5', EU: '44', CM: '28', JP: '280', ...changes },
  ];

  it('replaces it, audits what it was, and lists products whose sizes in stock it leaves out', async () => {
    await insertProducts(app().db, [
      newProduct({ name: 'Chart Walker', brand: 'vans', gender: ['men'], stock: { '9': 2, '12': 1 } }),
    ]);
    const saved = await send(app(), 'PUT', '/api/size-charts/vans/men', staff().cookie, {
      rows: rows(),
      source: 'Measured in the shop, 2026',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ brand: 'vans', gender: 'men', edited: true, rows: rows() });
    expect(saved.json().uncovered).toEqual([
      { productId: expect.any(String), name: 'Chart Walker', sizes: ['12'] },
    ]);
    const [row] = await app()
      .db.select()
      .from(sizeChart)
      .where(and(eq(sizeChart.brand, 'vans'), eq(sizeChart.gender, 'men')));
    expect(row?.rows).toEqual(rows());
    const [event] = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.kind, 'size-chart.update'), eq(auditEvent.subjectId, 'vans/men')));
    expect(event).toMatchObject({
      actorId: staff().id,
      after: { source: 'Measured in the shop, 2026', rows: rows() },
    });
    expect(event?.before).toMatchObject({
      rows: expect.arrayContaining([expect.objectContaining({ key: '10' })]),
    });
    // A shopper reads the chart (cached publicly) without the staff's warnings.
    const publicChart = await send(app(), 'GET', '/api/size-charts?brand=vans&gender=men');
    expect(publicChart.headers['cache-control']).toBe('public, max-age=300');
    expect(publicChart.json()).not.toHaveProperty('uncovered');
  });

  it('gives a brand its published chart back, audited, and the catalogue converts with it again', async () => {
    const published = await chart('converse', 'women');
    const changed = await send(app(), 'PUT', '/api/size-charts/converse/women', staff().cookie, {
      rows: rows(),
      source: 'Measured in the shop, 2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const restored = await send(app(), 'DELETE', '/api/size-charts/converse/women', staff().cookie);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ edited: false, rows: published.rows, source: published.source });
    expect(await chart('converse', 'women')).toMatchObject({ edited: false, rows: published.rows });
    const events = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.kind, 'size-chart.update'), eq(auditEvent.subjectId, 'converse/women')));
    expect(events.map((event) => event.after)).toContainEqual({
      source: published.source,
      rows: published.rows,
    });
    // Nothing left to restore: answered the same, and nothing more audited.
    const again = await send(app(), 'DELETE', '/api/size-charts/converse/women', staff().cookie);
    expect(again.statusCode).toBe(200);
    const after = await app()
      .db.select()
      .from(auditEvent)
      .where(and(eq(auditEvent.kind, 'size-chart.update'), eq(auditEvent.subjectId, 'converse/women')));
    expect(after).toHaveLength(events.length);
  });

  it('refuses a chart whose sizes go down, repeat or are not sizes, naming the cell, and changes nothing', async () => {
    const cases: [SizeChartRow[], string][] = [
      [rows({ EU: '43' }), 'rows.2.EU'],
      [rows({ key: '9.5', US: '9.5' }), 'rows.2.key'],
      [rows({ CM: 'twenty' }), 'rows.2.CM'],
      [rows({ US: '11' }), 'rows.2.US'],
    ];
    for (const [bad, field] of cases) {
      const response = await send(app(), 'PUT', '/api/size-charts/gucci/women', staff().cookie, {
        rows: bad,
        source: 'Typed by hand',
      });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
    expect((await chart('gucci', 'women')).edited).toBe(false);
  });

  it('exports a chart as CSV and imports one back; a wrong line is named', async () => {
    const exported = await send(app(), 'GET', '/api/size-charts/converse/women.csv', staff().cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = parseCsv(exported.body);
    expect(header).toEqual(['key', 'US', 'UK', 'EU', 'CM', 'JP']);
    const before = await chart('converse', 'women');
    expect(lines.length).toBe(before.rows.length);

    const text = 'key,US,UK,EU,CM,JP\r\n7,7,5,37.5,23.5,235\r\n8,8,6,39,24.5,245\r\n';
    const imported = await putCsv('converse', 'women', text);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().rows).toEqual([
      { key: '7', US: '7', UK: '5', EU: '37.5', CM: '23.5', JP: '235' },
      { key: '8', US: '8', UK: '6', EU: '39', CM: '24.5', JP: '245' },
    ]);
    // The chart keeps its source: the CSV holds only the sizes.
    expect(imported.json().source).toBe(before.source);

    const wrong = await putCsv(
      'converse',
      'women',
      'key,US,UK,EU,CM,JP\n7,7,5,37.5,23.5,235\n8,8,6,36,24.5,245\n',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      fields: { 'rows.1.EU': 'must not be smaller than the size above' },
      message: 'Invalid CSV: line 3, EU must not be smaller than the size above',
    });
    const headless = await putCsv('converse', 'women', '7,7,5,37.5,23.5,235\n');
    expect(headless.statusCode).toBe(400);
    expect(headless.json().error.fields).toHaveProperty('csv');
    expect((await chart('converse', 'women')).rows).toHaveLength(2);
  });

  it('is refused to a shopper and a guest, JSON and CSV alike', async () => {
    const guest = await send(app(), 'PUT', '/api/size-charts/nike/men', undefined, {
      rows: rows(),
      source: 'x',
    });
    expect(guest.statusCode).toBe(401);
    const csv = await app().inject({ method: 'GET', url: '/api/size-charts/nike/men.csv' });
    expect(csv.statusCode).toBe(401);
  });
});
