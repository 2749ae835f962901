import type { MyDropEntry, Order, ShipTo } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { type Buyer, stockedProducts } from '../../test/buyers';
import {
  createDrop,
  enter,
  entrants,
  entryRows,
  inMinutes,
  moveDrop,
  proofFor,
  sweepNow,
} from '../../test/drops';
import { send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff: admin } = testShop({ catalogue: true, staff: true });

/** A new product's open draw of `units` pairs in size 9. */
async function openDraw(name: string, units = 2) {
  const [productId = ''] = await stockedProducts(app(), [name], units);
  const drop = await createDrop(app(), admin().cookie, {
    productId,
    mode: 'draw',
    releaseAt: inMinutes(90),
    entryClosesAt: inMinutes(60),
  });
  return { productId, drop };
}

type Address = Partial<Pick<ShipTo, 'fullName' | 'address' | 'city' | 'state' | 'postalCode' | 'country'>>;

/** A verified shopper at this address with this phone (written straight to the profile). */
async function shopperAt(prefix: string, address: Address, phone: string): Promise<Buyer> {
  const [buyer] = (await entrants(app(), 1, prefix)) as [Buyer];
  await app()
    .db.update(user)
    .set({ state: '', postalCode: '', ...address, phone })
    .where(eq(user.id, buyer.id));
  return buyer;
}

const HOME = { address: '12 Main Street', city: 'Springfield', state: 'IL', country: 'United States' };

describe('one entry per person in a draw', () => {
  it('takes the same address once, however its country, state or letters are written', async () => {
    const { drop } = await openDraw('Address Variant Shoe');
    const first = await shopperAt('home', HOME, '+1 312 555 0100');
    expect((await enter(app(), first, drop.id, '9')).statusCode).toBe(201);

    const variants: [string, Address][] = [
      ['US', { ...HOME, country: 'US' }],
      ['USA', { ...HOME, country: 'USA' }],
      ['United States of America', { ...HOME, country: 'united states of america' }],
      ['no state', { ...HOME, state: '' }],
      ['state spelt out', { ...HOME, state: 'Illinois' }],
      ['a postal code added', { ...HOME, postalCode: '62701' }],
      // A Cyrillic "а" (U+0430) in "Main", and a Cyrillic "е" (U+0435) in "Street".
      ['Cyrillic letters', { ...HOME, address: '12 M\u0430in Str\u0435et' }],
      ['abbreviated, other case', { ...HOME, address: '12 MAIN ST.', city: 'SPRINGFIELD' }],
    ];
    for (const [index, [label, address]] of variants.entries()) {
      const twin = await shopperAt(`twin${index}`, address, `+1 312 555 02${String(index).padStart(2, '0')}`);
      const refused = await enter(app(), twin, drop.id, '9');
      expect(refused.statusCode, label).toBe(409);
      expect(refused.json().error.code, label).toBe('ALREADY_ENTERED');
      expect(refused.json().error.message, label).toMatch(/this shipping address/);
    }
    // Another street in the same city is another address.
    const neighbour = await shopperAt('neighbour', { ...HOME, address: '14 Main Street' }, '+1 312 555 0300');
    expect((await enter(app(), neighbour, drop.id, '9')).statusCode).toBe(201);
    expect(await entryRows(app(), drop.id)).toHaveLength(2);
  });

  it('takes a phone number once, national or international (a French 06 and its +33 form)', async () => {
    const { drop } = await openDraw('Phone Variant Shoe');
    const paris = { address: '5 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'France' };
    const first = await shopperAt('paris', paris, '06 12 34 56 78');
    expect((await enter(app(), first, drop.id, '9')).statusCode).toBe(201);
    const lyon = { address: '3 Place Bellecour', city: 'Lyon', postalCode: '69002', country: 'FR' };
    const second = await shopperAt('lyon', lyon, '+33612345678');
    const refused = await enter(app(), second, drop.id, '9');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/this phone number/);
    const [firstRow] = await entryRows(app(), drop.id);
    expect(firstRow?.phoneKey).toBe('+33612345678');
  });
});

describe('the same-address refusal comes before the puzzle', () => {
  it('refuses the challenge for an address or phone already entered, and gives it to a new person', async () => {
    const { drop } = await openDraw('Early Refusal Shoe');
    const first = await shopperAt('early', HOME, '+1 312 555 0500');
    expect((await enter(app(), first, drop.id, '9')).statusCode).toBe(201);
    const challenge = (buyer: Buyer) => send(app(), 'GET', `/api/drops/${drop.id}/challenge`, buyer.cookie);

    const sameAddress = await shopperAt('early-twin', { ...HOME, address: '12 MAIN ST.' }, '+1 312 555 0501');
    const byAddress = await challenge(sameAddress);
    expect(byAddress.statusCode).toBe(409);
    expect(byAddress.json().error).toMatchObject({ code: 'ALREADY_ENTERED' });
    expect(byAddress.json().error.message).toMatch(/this shipping address/);

    const elsewhere = { ...HOME, address: '99 Oak Avenue' };
    const samePhone = await shopperAt('early-phone', elsewhere, '(312) 555-0500');
    const byPhone = await challenge(samePhone);
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json().error.message).toMatch(/this phone number/);

    // The entrant themselves, and a new person, still get their puzzle; nothing was written.
    expect((await challenge(first)).statusCode).toBe(200);
    const stranger = await shopperAt('early-new', { ...HOME, address: '7 Pine Road' }, '+1 312 555 0599');
    expect((await challenge(stranger)).statusCode).toBe(200);
    expect(await entryRows(app(), drop.id)).toHaveLength(1);
  });

  it('still refuses the entry itself when the other account entered after the puzzle was given', async () => {
    const { drop } = await openDraw('Late Twin Shoe');
    const first = await shopperAt('late', HOME, '+1 312 555 0600');
    const twin = await shopperAt('late-twin', HOME, '+1 312 555 0601');
    const proof = await proofFor(app(), twin.cookie, drop.id);
    expect((await enter(app(), first, drop.id, '9')).statusCode).toBe(201);
    const refused = await send(app(), 'POST', `/api/drops/${drop.id}/entries`, twin.cookie, {
      size: '9',
      proof,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/this shipping address/);
    expect(await entryRows(app(), drop.id)).toHaveLength(1);
  });
});

describe('an entry keeps the address it was made from', () => {
  it('answers it, refuses a move while the entry is open (409) unless the entry is withdrawn', async () => {
    const { drop } = await openDraw('Frozen Address Shoe');
    const home = { ...HOME, fullName: 'Ana Gomez', postalCode: '62701' };
    const shopper = await shopperAt('mover', home, '+1 312 555 0400');
    expect((await enter(app(), shopper, drop.id, '9')).statusCode).toBe(201);

    const mine = await send(app(), 'GET', `/api/drops/${drop.id}/entries/me`, shopper.cookie);
    expect(mine.json<MyDropEntry>().shipTo).toMatchObject({
      fullName: 'Ana Gomez',
      address: '12 Main Street',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'United States',
    });

    const url = `/api/users/update/${shopper.id}`;
    const moved = await send(app(), 'PUT', url, shopper.cookie, {
      address: '1 Elm Street',
      postalCode: '62702',
    });
    expect(moved.statusCode).toBe(409);
    const error = moved.json().error;
    expect(error.code).toBe('DROP_ENTRY_ADDRESS');
    expect(error.message).toMatch(/Frozen Address Shoe/);
    expect(Object.keys(error.fields).sort()).toEqual(['address', 'postalCode']);
    const [unchanged] = await app().db.select().from(user).where(eq(user.id, shopper.id));
    expect(unchanged).toMatchObject({ address: '12 Main Street', postalCode: '62701' });
    expect(await entryRows(app(), drop.id)).toHaveLength(1);

    // Other fields, or the same address sent again, change no address.
    const renamed = await send(app(), 'PUT', url, shopper.cookie, {
      fullName: 'Ana M. Gomez',
      city: 'Springfield',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const withdrawn = await send(app(), 'PUT', url, shopper.cookie, {
      address: '1 Elm Street',
      postalCode: '62702',
      withdrawEntries: true,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()[0]).toMatchObject({ address: '1 Elm Street', postalCode: '62702' });
    expect(await entryRows(app(), drop.id)).toHaveLength(0);
    expect((await send(app(), 'GET', `/api/drops/${drop.id}/entries/me`, shopper.cookie)).statusCode).toBe(
      404,
    );
  });

  it("ships the winner's order to the entered address, though the profile moved after the entry closed", async () => {
    const { productId, drop } = await openDraw('Entered Address Shoe', 1);
    const home = { ...HOME, fullName: 'Ben Okafor', postalCode: '62701' };
    const winner = await shopperAt('winner', home, '+1 312 555 0500');
    expect((await enter(app(), winner, drop.id, '9')).statusCode).toBe(201);
    await moveDrop(app(), drop.id, { opens: -2, closes: -1 });
    await sweepNow(app());
    // The entry is closed: the profile may move, and the entry keeps its address.
    const url = `/api/users/update/${winner.id}`;
    const moved = await send(app(), 'PUT', url, winner.cookie, {
      address: '99 Other Road',
      postalCode: '60601',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await moveDrop(app(), drop.id, { release: -1 });

    const bought = await send(app(), 'POST', '/api/checkouts', winner.cookie, {
      products: [
        {
          id: productId,
          name: 'Drop',
          description: '',
          img: '',
          size: '9',
          count: 1,
          price: 100,
          totalPrice: 100,
        },
      ],
      user: {},
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const order = await send(app(), 'GET', `/api/orders/${bought.json().orderId}`, winner.cookie);
    expect(order.json<Order>().shipTo).toMatchObject({
      fullName: 'Ben Okafor',
      address: '12 Main Street',
      postalCode: '62701',
      country: 'United States',
    });
  });
});

describe('a proof of work belongs to its drop and its account', () => {
  it('refuses a proof solved for another drop or fetched by another account', async () => {
    const { drop: quiet } = await openDraw('Quiet Draw Shoe');
    const { drop: popular } = await openDraw('Popular Draw Shoe');
    const [solver, borrower] = await entrants(app(), 2, 'prover');
    const s = solver as Buyer;
    const b = borrower as Buyer;
    await app().db.update(user).set({ phone: '+1 312 555 0601' }).where(eq(user.id, s.id));
    await app().db.update(user).set({ phone: '+1 312 555 0602' }).where(eq(user.id, b.id));

    const fromQuiet = await proofFor(app(), s.cookie, quiet.id);
    const otherDrop = await send(app(), 'POST', `/api/drops/${popular.id}/entries`, s.cookie, {
      size: '9',
      proof: fromQuiet,
    });
    expect(otherDrop.statusCode).toBe(400);
    expect(otherDrop.json().error).toMatchObject({
      code: 'PROOF_INVALID',
      fields: { proof: expect.any(String) },
    });

    const fetchedBySolver = await proofFor(app(), s.cookie, popular.id);
    const otherAccount = await send(app(), 'POST', `/api/drops/${popular.id}/entries`, b.cookie, {
      size: '9',
      proof: fetchedBySolver,
    });
    expect(otherAccount.statusCode).toBe(400);
    expect(otherAccount.json().error.code).toBe('PROOF_INVALID');
    expect(await entryRows(app(), popular.id)).toHaveLength(0);

    // Each proof still enters its own drop for its own account.
    const own = await send(app(), 'POST', `/api/drops/${popular.id}/entries`, s.cookie, {
      size: '9',
      proof: fetchedBySolver,
    });
    expect(own.statusCode, own.body).toBe(201);
  });
});
