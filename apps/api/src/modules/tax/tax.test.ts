import type { ActivityList, TaxRate, TaxRegistration, TaxSettings } from '@shop/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taxRate, taxRegistration, taxSettings } from '../../db/schema';
import { send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff } = testShop({ staff: 'taxstaff' });

const rateCount = async () => (await app().db.select({ n: count() }).from(taxRate))[0]?.n ?? 0;
const placeRates = (country: string) => app().db.select().from(taxRate).where(eq(taxRate.country, country));
const rates = async () =>
  (await send(app(), 'GET', '/api/tax/rates', staff().cookie)).json<{ rates: TaxRate[] }>().rates;

async function activityKinds(): Promise<string[]> {
  const response = await send(app(), 'GET', '/api/admin/activity?limit=50', staff().cookie);
  return response.json<ActivityList>().events.map((event) => event.kind);
}

describe('tax settings', () => {
  it('come with a fresh shop: US dollars, prices before tax, nothing collected', async () => {
    const anyone = await send(app(), 'GET', '/api/tax/settings');
    expect(anyone.statusCode).toBe(200);
    expect(anyone.json()).toEqual({
      currency: 'USD',
      pricesIncludeTax: false,
      homeCountry: 'US',
      homeRegion: '',
      collects: false,
    });
    const registrations = await send(app(), 'GET', '/api/tax/registrations', staff().cookie);
    expect(registrations.json()).toEqual({ registrations: [] });
  });

  it('are changed by staff, a field at a time, audited; shoppers see only how prices are shown', async () => {
    const changed = await send(app(), 'PUT', '/api/tax/settings', staff().cookie, {
      currency: 'eur',
      pricesIncludeTax: true,
      homeCountry: 'France',
      vatNumber: 'fr 40 303265045',
      oss: true,
      eurRate: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TaxSettings>()).toEqual({
      currency: 'EUR',
      pricesIncludeTax: true,
      homeCountry: 'FR',
      homeRegion: '',
      collects: false,
      vatNumber: 'FR40303265045',
      oss: true,
      taxShipping: false,
      fallback: 'table',
      eurRate: 1,
    });
    const buyer = await verifiedBuyer(app());
    const seen = await send(app(), 'GET', '/api/tax/settings', buyer.cookie);
    expect(Object.keys(seen.json())).toEqual([
      'currency',
      'pricesIncludeTax',
      'homeCountry',
      'homeRegion',
      'collects',
    ]);
    expect(await activityKinds()).toContain('tax.settings');
  });

  it('refuse what is not a currency, a country, a US state or a setting, and change nothing', async () => {
    const before = await app().db.select().from(taxSettings);
    for (const [body, field] of [
      [{ currency: 'EURO' }, 'currency'],
      // The shop keeps hundredths: a currency without cents, or with three decimals, is refused.
      [{ currency: 'JPY' }, 'currency'],
      [{ currency: 'kwd' }, 'currency'],
      [{ homeCountry: 'Atlantis' }, 'homeCountry'],
      [{ homeCountry: 'US', homeRegion: 'Springfield' }, 'homeRegion'],
      [{ homeCountry: 'DE', homeRegion: 'CA' }, 'homeRegion'],
      [{ eurRate: 0 }, 'eurRate'],
      [{ fallback: 'guess' }, 'fallback'],
      [{ roles: ['admin'] }, 'roles'],
    ] as const) {
      const refused = await send(app(), 'PUT', '/api/tax/settings', staff().cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json<{ error: { fields: object } }>().error.fields)).toContain(field);
    }
    expect(await app().db.select().from(taxSettings)).toEqual(before);
  });

  it('say whether the shop collects tax anywhere: from its first registration to its last', async () => {
    const collects = async () =>
      (await send(app(), 'GET', '/api/tax/settings')).json<{ collects: boolean }>().collects;
    expect(await collects()).toBe(false);
    const registered = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, { country: 'FR' });
    expect(registered.statusCode, registered.body).toBe(201);
    const second = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, {
      country: 'US',
      region: 'California',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await app().db.select({ n: count() }).from(taxRegistration)).toEqual([{ n: 2 }]);
    expect(await collects()).toBe(true);
    const staffView = await send(app(), 'GET', '/api/tax/settings', staff().cookie);
    expect(staffView.json<TaxSettings>().collects).toBe(true);

    const first = registered.json<TaxRegistration>();
    expect(
      (await send(app(), 'DELETE', `/api/tax/registrations/${first.id}`, staff().cookie)).statusCode,
    ).toBe(200);
    expect(await collects()).toBe(true);
    const last = second.json<TaxRegistration>();
    expect(
      (await send(app(), 'DELETE', `/api/tax/registrations/${last.id}`, staff().cookie)).statusCode,
    ).toBe(200);
    expect(await app().db.select({ n: count() }).from(taxRegistration)).toEqual([{ n: 0 }]);
    expect(await collects()).toBe(false);
  });

  it('may be changed by staff only', async () => {
    const buyer = await verifiedBuyer(app());
    expect((await send(app(), 'PUT', '/api/tax/settings', buyer.cookie, { oss: false })).statusCode).toBe(
      403,
    );
    expect((await send(app(), 'PUT', '/api/tax/settings', undefined, { oss: false })).statusCode).toBe(401);
    expect((await send(app(), 'GET', '/api/tax/rates', buyer.cookie)).statusCode).toBe(403);
  });
});

describe('tax rates', () => {
  it('come seeded: the 27 EU countries and the UK, standard and reduced, and every US state, each with its source', async () => {
    const seeded = await rates();
    const standard = (country: string, region = '') =>
      seeded.find(
        (rate) => rate.country === country && rate.region === region && rate.category === 'standard',
      );
    expect(standard('FR')?.rate).toBe(20);
    expect(standard('DE')?.rate).toBe(19);
    expect(standard('GB')?.rate).toBe(20);
    expect(standard('US', 'CA')?.rate).toBe(7.25);
    expect(standard('US', 'MN')?.rate).toBe(6.875);
    expect(seeded.find((rate) => rate.country === 'FR' && rate.category === 'reduced')?.rate).toBe(5.5);
    const countries = new Set(seeded.filter((rate) => rate.country !== 'US').map((rate) => rate.country));
    expect(countries.size).toBe(28);
    expect(new Set(seeded.filter((rate) => rate.country === 'US').map((rate) => rate.region)).size).toBe(51);
    expect(seeded.every((rate) => rate.source.length > 0)).toBe(true);
  });

  it('are added, changed, ended and deleted by staff, with names of places turned into codes, audited', async () => {
    const added = await send(app(), 'POST', '/api/tax/rates', staff().cookie, {
      country: 'United States',
      region: 'new york',
      category: 'reduced',
      rate: 8.875,
      from: '2027-01-01',
      source: 'NYC combined rate',
    });
    expect(added.statusCode, added.body).toBe(201);
    const rate = added.json<TaxRate>();
    expect(rate).toMatchObject({
      country: 'US',
      region: 'NY',
      category: 'reduced',
      rate: 8.875,
      from: '2027-01-01',
      to: null,
    });
    const [row] = await app().db.select().from(taxRate).where(eq(taxRate.id, rate.id));
    expect(row?.ratePcm).toBe(8_875);

    const ended = await send(app(), 'PUT', `/api/tax/rates/${rate.id}`, staff().cookie, {
      country: 'US',
      region: 'NY',
      category: 'reduced',
      rate: 8.875,
      from: '2027-01-01',
      to: '2027-12-31',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<TaxRate>().to).toBe('2027-12-31');
    // The next year's rate follows on without overlapping.
    const next = await send(app(), 'POST', '/api/tax/rates', staff().cookie, {
      country: 'US',
      region: 'NY',
      category: 'reduced',
      rate: 9,
      from: '2028-01-01',
    });
    expect(next.statusCode, next.body).toBe(201);

    const deleted = await send(app(), 'DELETE', `/api/tax/rates/${rate.id}`, staff().cookie);
    expect(deleted.statusCode).toBe(200);
    expect(await app().db.select().from(taxRate).where(eq(taxRate.id, rate.id))).toEqual([]);
    expect((await send(app(), 'DELETE', `/api/tax/rates/${rate.id}`, staff().cookie)).statusCode).toBe(404);
    expect(await activityKinds()).toEqual(
      expect.arrayContaining(['tax.rate-create', 'tax.rate-update', 'tax.rate-delete']),
    );
  });

  it('refuse a rate out of bounds, finer than 3 decimals, of an unknown place, or overlapping another, storing nothing', async () => {
    const before = await rateCount();
    const base = { country: 'DE', category: 'reduced', rate: 7 };
    for (const [body, field] of [
      [{ ...base, rate: -1 }, 'rate'],
      [{ ...base, rate: 100.5 }, 'rate'],
      [{ ...base, rate: 7.1234 }, 'rate'],
      [{ ...base, country: 'Narnia' }, 'country'],
      [{ ...base, region: 'Bavaria' }, 'region'],
      [{ ...base, country: 'US', region: 'Gotham' }, 'region'],
      [{ ...base, category: 'luxury' }, 'category'],
      [{ ...base, from: '2027-02-01', to: '2027-01-01' }, 'to'],
      [{ ...base, from: 'tomorrow' }, 'from'],
      // The seeded reduced rate of Germany applies from ever until further notice.
      [{ ...base, from: '2030-01-01' }, 'from'],
    ] as const) {
      const refused = await send(app(), 'POST', '/api/tax/rates', staff().cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json<{ error: { fields: object } }>().error.fields)).toContain(field);
    }
    expect(await rateCount()).toBe(before);
  });
});

describe('tax registrations', () => {
  it('are where the shop collects tax: a country or a US state with rates, once each, audited', async () => {
    const france = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, { country: 'fr' });
    expect(france.statusCode, france.body).toBe(201);
    const california = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, {
      country: 'US',
      region: 'California',
    });
    expect(california.statusCode, california.body).toBe(201);
    expect(california.json<TaxRegistration>()).toMatchObject({ country: 'US', region: 'CA' });

    const again = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, { country: 'FR' });
    expect(again.statusCode).toBe(409);
    const listed = await send(app(), 'GET', '/api/tax/registrations', staff().cookie);
    expect(
      listed.json<{ registrations: TaxRegistration[] }>().registrations.map((r) => `${r.country}${r.region}`),
    ).toEqual(['FR', 'USCA']);

    const removed = await send(
      app(),
      'DELETE',
      `/api/tax/registrations/${france.json<TaxRegistration>().id}`,
      staff().cookie,
    );
    expect(removed.statusCode).toBe(200);
    expect(await activityKinds()).toEqual(expect.arrayContaining(['tax.register', 'tax.unregister']));
  });

  it('refuse a place without rates or outside the US with a region, storing nothing', async () => {
    const before = (await app().db.select({ n: count() }).from(taxRegistration))[0]?.n;
    const noRates = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, { country: 'JP' });
    expect(noRates.statusCode).toBe(400);
    expect(noRates.json<{ error: { fields: object } }>().error.fields).toEqual({
      country: 'has no tax rate; add its rates first',
    });
    const region = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, {
      country: 'FR',
      region: 'CA',
    });
    expect(region.statusCode).toBe(400);
    expect((await app().db.select({ n: count() }).from(taxRegistration))[0]?.n).toBe(before);
  });

  it('refuses to delete or move away the last rate of a place where the shop collects tax', async () => {
    const rate = (
      await send(app(), 'POST', '/api/tax/rates', staff().cookie, {
        country: 'CH',
        category: 'standard',
        rate: 8.1,
      })
    ).json<TaxRate>();
    expect(
      (await send(app(), 'POST', '/api/tax/registrations', staff().cookie, { country: 'CH' })).statusCode,
    ).toBe(201);
    const deleted = await send(app(), 'DELETE', `/api/tax/rates/${rate.id}`, staff().cookie);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.fields).toEqual({
      id: 'is the last rate of a place where the shop collects tax',
    });
    const moved = await send(app(), 'PUT', `/api/tax/rates/${rate.id}`, staff().cookie, {
      country: 'LI',
      category: 'standard',
      rate: 8.1,
    });
    expect(moved.statusCode).toBe(409);
    const rows = await placeRates('CH');
    expect(rows.map((row) => [row.id, row.ratePcm])).toEqual([[rate.id, 8100]]);
    expect(await placeRates('LI')).toEqual([]);
    // With a second rate there, the first may go.
    expect(
      (
        await send(app(), 'POST', '/api/tax/rates', staff().cookie, {
          country: 'CH',
          category: 'reduced',
          rate: 2.6,
        })
      ).statusCode,
    ).toBe(201);
    expect((await send(app(), 'DELETE', `/api/tax/rates/${rate.id}`, staff().cookie)).statusCode).toBe(200);
    expect((await placeRates('CH')).map((row) => row.category)).toEqual(['reduced']);
  });
});
