import type { TaxRate } from '@shop/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { taxRate, taxRegistration } from '../../db/schema';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/**
 * Staff writing the rate table at once (on PostgreSQL with TEST_DATABASE_URL, each request on its own
 * connection; PGlite runs them one after the other): no answer is a 5xx, a refusal is a 400 or a 409 that
 * says why, a place and category never holds two rates for one day, and the shop never collects tax in a
 * place without rates.
 */

const WRITERS = 16;
const { app, staff } = testShop({ contended: WRITERS + 4, staff: 'taxrace' });

const post = (path: string, body: object) => send(app(), 'POST', path, staff().cookie, body);

/** A 2xx, or a refusal as the envelope with a code and the field it names: never a 5xx. */
function expectDoneOrRefused(response: LightMyRequestResponse, done: number): boolean {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode === done) return true;
  expect([400, 409], response.body).toContain(response.statusCode);
  const { error } = response.json<{ error: { code: string; fields?: Record<string, string> } }>();
  expect(['VALIDATION_ERROR', 'CONFLICT']).toContain(error.code);
  expect(Object.keys(error.fields ?? {}).length).toBeGreaterThan(0);
  return false;
}

/** The pairs of one place and category's rates whose days overlap, read from the table itself. */
async function overlappingPairs(country: string) {
  const result = await app().db.execute(sql`
    SELECT a.id AS a, b.id AS b FROM tax_rate a JOIN tax_rate b
      ON a.country = b.country AND a.region = b.region AND a.category = b.category AND a.id < b.id
    WHERE a.country = ${country}
      AND (a.valid_to IS NULL OR b.valid_from IS NULL OR a.valid_to >= b.valid_from)
      AND (b.valid_to IS NULL OR a.valid_from IS NULL OR b.valid_to >= a.valid_from)`);
  return (result as unknown as { rows: unknown[] }).rows;
}

const ratesOf = (country: string) => app().db.select().from(taxRate).where(eq(taxRate.country, country));

describe('the rate table under contention', () => {
  it(`${WRITERS} staff adding overlapping rates for one place and category: one is stored`, async () => {
    const responses = await Promise.all(
      Array.from({ length: WRITERS }, (_, index) =>
        post('/api/tax/rates', {
          country: 'JP',
          category: 'standard',
          rate: 10 + index,
          from: `2030-01-${String(index + 1).padStart(2, '0')}`,
          to: `2030-03-${String(index + 1).padStart(2, '0')}`,
        }),
      ),
    );
    const stored = responses.filter((response) => expectDoneOrRefused(response, 201));
    expect(stored).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual(['from']);
    }
    const rows = await ratesOf('JP');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(stored[0]?.json<TaxRate>().id);
    expect(await overlappingPairs('JP')).toEqual([]);
  }, 60_000);

  it('two rates changed at once to overlap each other: one change is kept', async () => {
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const category = round % 2 === 0 ? 'reduced' : 'zero';
      const year = 2040 + round;
      const first = await post('/api/tax/rates', {
        country: 'NZ',
        category,
        rate: 5,
        from: `${year}-01-01`,
        to: `${year}-01-31`,
      });
      const second = await post('/api/tax/rates', {
        country: 'NZ',
        category,
        rate: 6,
        from: `${year}-03-01`,
        to: `${year}-03-31`,
      });
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      // Each change alone overlaps nothing; both together overlap in mid-February.
      const [a, b] = await Promise.all([
        send(app(), 'PUT', `/api/tax/rates/${first.json<TaxRate>().id}`, staff().cookie, {
          country: 'NZ',
          category,
          rate: 5,
          from: `${year}-02-10`,
          to: `${year}-02-20`,
        }),
        send(app(), 'PUT', `/api/tax/rates/${second.json<TaxRate>().id}`, staff().cookie, {
          country: 'NZ',
          category,
          rate: 6,
          from: `${year}-02-15`,
          to: `${year}-02-25`,
        }),
      ]);
      const changed = [expectDoneOrRefused(a, 200), expectDoneOrRefused(b, 200)];
      expect(changed.filter(Boolean), `round ${round}`).toHaveLength(1);
      expect(await overlappingPairs('NZ')).toEqual([]);
    }
    expect(await ratesOf('NZ')).toHaveLength(rounds * 2);
  }, 60_000);

  it('a registration added while its place loses its last rate: never one without rates', async () => {
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const rate = await post('/api/tax/rates', { country: 'NO', category: 'standard', rate: 25 });
      expect(rate.statusCode, rate.body).toBe(201);
      const [registration, deletion] = await Promise.all([
        post('/api/tax/registrations', { country: 'Norway' }),
        send(app(), 'DELETE', `/api/tax/rates/${rate.json<TaxRate>().id}`, staff().cookie),
      ]);
      const didRegister = expectDoneOrRefused(registration, 201);
      const didDelete = expectDoneOrRefused(deletion, 200);
      // One of them wins: registered with its rate kept, or the rate gone and no registration.
      expect(didRegister, `round ${round}`).toBe(!didDelete);
      const rows = await ratesOf('NO');
      const registrations = await app()
        .db.select()
        .from(taxRegistration)
        .where(and(eq(taxRegistration.country, 'NO'), eq(taxRegistration.region, '')));
      expect(rows).toHaveLength(didDelete ? 0 : 1);
      expect(registrations).toHaveLength(didRegister ? 1 : 0);
      if (didRegister) {
        expect(deletion.statusCode).toBe(409);
        const cleared = await send(
          app(),
          'DELETE',
          `/api/tax/registrations/${registrations[0]?.id}`,
          staff().cookie,
        );
        expect(cleared.statusCode).toBe(200);
        const deleted = await send(app(), 'DELETE', `/api/tax/rates/${rows[0]?.id}`, staff().cookie);
        expect(deleted.statusCode, deleted.body).toBe(200);
      } else {
        expect(registration.statusCode).toBe(400);
      }
    }
  }, 60_000);
});
