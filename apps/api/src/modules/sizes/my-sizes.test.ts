import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { signUp } from '../../test/accounts';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app } = testShop();

const update = (account: { id: string; cookie: string }, payload: object) =>
  send(app(), 'PUT', `/api/users/update/${account.id}`, account.cookie, payload);

async function stored(id: string) {
  const [row] = await app()
    .db.select({ sizeSystem: user.sizeSystem, mySizes: user.mySizes })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

describe("a shopper's size system and sizes in the profile", () => {
  it('keeps the system and the sizes, in any system, per brand where they differ', async () => {
    const shopper = await signUp(app());
    const mySizes = {
      default: { system: 'EU', value: '44' },
      brands: { adidas: { system: 'UK', value: '9.5' }, nike: { system: 'US', value: '10' } },
    };
    const response = await update(shopper, { sizeSystem: 'EU', mySizes });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()[0]).toMatchObject({ sizeSystem: 'EU', mySizes });
    expect(await stored(shopper.id)).toEqual({ sizeSystem: 'EU', mySizes });
    // adidas's own thirds are a size too.
    const thirds = await update(shopper, {
      mySizes: { brands: { adidas: { system: 'EU', value: '44 2/3' } } },
    });
    expect(thirds.statusCode, thirds.body).toBe(200);
  });

  it('refuses a size no chart gives, a system it does not know, and a brand it does not sell, naming the field', async () => {
    const shopper = await signUp(app());
    const cases: [object, string][] = [
      [{ mySizes: { brands: { nike: { system: 'EU', value: '44.25' } } } }, 'mySizes.brands.nike'],
      [{ mySizes: { default: { system: 'US', value: '25' }, brands: {} } }, 'mySizes.default'],
      [{ mySizes: { brands: { nike: { system: 'JP', value: '280' } } } }, 'mySizes.brands.nike.system'],
      [{ mySizes: { brands: { puma: { system: 'EU', value: '44' } } } }, 'mySizes.brands.puma'],
      [{ mySizes: { brands: { nike: { system: 'EU', value: 'big' } } } }, 'mySizes.brands.nike.value'],
      [{ sizeSystem: 'MX' }, 'sizeSystem'],
    ];
    for (const [payload, field] of cases) {
      const response = await update(shopper, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(payload)).toContain(field);
    }
    expect(await stored(shopper.id)).toEqual({ sizeSystem: 'US', mySizes: { brands: {} } });
  });
});
