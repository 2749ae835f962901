import { keyLabel } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { buy, send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';
import { chartBook } from './chart-book';

/**
 * E-mails write sizes as their reader reads them (issue 39): the size system of the buyer's profile, with
 * the shop's US key beside it; a reader in US sees the bare key, as the shop always wrote it.
 */
const { app, adminCookie } = testShop({ accounts: true });

/** Test products are Nike men's sneakers in size 9. */
async function size9InEu(): Promise<string> {
  const rows = (await chartBook(app().db)).rows('nike', 'men');
  const label = keyLabel(rows, '9', 'EU');
  expect(label).toMatch(/^EU \d+(\.\d+)? \(US 9\)$/);
  return label;
}

async function buyerReadingIn(system: 'US' | 'EU') {
  const buyer = await verifiedBuyer(app());
  if (system !== 'US') {
    const saved = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
      sizeSystem: system,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return buyer;
}

async function mailsTo(email: string, subject: RegExp) {
  return (await deliveredMail(app())).filter((mail) => mail.to === email && subject.test(mail.subject));
}

describe('sizes in e-mails', () => {
  it("write an order's lines in the buyer's system: the confirmation and the refund", async () => {
    const eu = await size9InEu();
    const buyer = await buyerReadingIn('EU');
    const [id = ''] = await stockedProducts(app(), ['Worded Runner'], 5);
    const orderId = await buy(app(), buyer.cookie, {
      id,
      name: 'Worded Runner',
      size: '9',
      price: 100,
      units: 5,
    });
    // The order's lines say whose chart labels their sizes, so any browser can show them in EU too.
    const bought = await send(app(), 'GET', `/api/orders/${orderId}`, buyer.cookie);
    expect(bought.json().products).toEqual([
      expect.objectContaining({ id, size: '9', brand: 'nike', gender: ['men'] }),
    ]);
    const refunded = await send(app(), 'POST', `/api/orders/${orderId}/refund`, adminCookie());
    expect(refunded.statusCode, refunded.body).toBe(200);

    const [confirmed] = await mailsTo(buyer.email, /confirmed$/);
    expect(confirmed?.text).toContain(`- Worded Runner, size ${eu} x 1: $100.00`);
    expect(confirmed?.html).toContain(`Size ${eu} &times; 1`);
    const [refund] = await mailsTo(buyer.email, /refunded/);
    expect(refund?.text).toContain(`- Worded Runner, size ${eu} x 1`);
  });

  it('keep the bare US key for a buyer who reads US sizes', async () => {
    const buyer = await buyerReadingIn('US');
    const [id = ''] = await stockedProducts(app(), ['Plain Runner'], 5);
    await buy(app(), buyer.cookie, { id, name: 'Plain Runner', size: '9', price: 100, units: 5 });
    const [confirmed] = await mailsTo(buyer.email, /confirmed$/);
    expect(confirmed?.text).toContain('- Plain Runner, size 9 x 1: $100.00');
  });

  it("write a back-in-stock alert's size in the shopper's system", async () => {
    const eu = await size9InEu();
    const holder = await verifiedBuyer(app());
    const [productId = ''] = await stockedProducts(app(), ['Awaited Runner'], 1);
    const held = await send(app(), 'POST', '/api/checkouts', holder.cookie, {
      products: [{ id: productId, size: '9', count: 1 }],
    });
    expect(held.statusCode, held.body).toBe(200);
    const shopper = await buyerReadingIn('EU');
    const asked = await send(app(), 'POST', '/api/stock-alerts', shopper.cookie, { productId, size: '9' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().product).toMatchObject({ _id: productId, brand: 'nike', gender: ['men'] });

    const { orderId } = held.json<{ orderId: string }>();
    const cancelled = await send(app(), 'PUT', `/api/orders/${orderId}`, holder.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect
      .poll(async () => (await mailsTo(shopper.email, /is back in size/)).map((mail) => mail.subject))
      .toEqual([`Sneaker Shop: Awaited Runner is back in size ${eu}`]);
  });
});
