import type { CreditNote, Order, OrderReturn } from '@shop/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditNote, creditNoteCounter } from '../../db/schema';
import { stockedProducts } from '../../test/buyers';
import { fakeProviders } from '../../test/fake-providers';
import { deliveredMail } from '../../test/mail';
import { expectRefused, outsiders } from '../../test/outsiders';
import { shipOrder } from '../../test/shipments';
import { send, verifiedBuyer } from '../../test/shop';
import { testShop } from '../../test/test-shop';

/** Every refund has a numbered credit note with the tax it gave back (issue 37). */
const fakes = fakeProviders();
const { app, staff } = testShop({ config: () => ({ payments: fakes.payments() }), staff: 'creditnotes' });
let shoe = '';

beforeAll(async () => {
  [shoe = ''] = await stockedProducts(app(), ['Credited Runner'], 60);
  const settings = await send(app(), 'PUT', '/api/tax/settings', staff().cookie, {
    homeCountry: 'US',
    homeRegion: 'CA',
    pricesIncludeTax: false,
    vatNumber: 'USTAX123',
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const registered = await send(app(), 'POST', '/api/tax/registrations', staff().cookie, {
    country: 'US',
    region: 'CA',
  });
  expect(registered.statusCode, registered.body).toBe(201);
});

/** A buyer in California (taxed at 7.25 %) or Oregon (nothing collected). */
async function buyerIn(state: 'CA' | 'OR') {
  const buyer = await verifiedBuyer(app());
  const updated = await send(app(), 'PUT', `/api/users/update/${buyer.id}`, buyer.cookie, {
    address: '1 Market Street',
    phone: '+15550100',
    fullName: 'Credit Taker',
    city: state === 'CA' ? 'San Francisco' : 'Portland',
    state,
    postalCode: state === 'CA' ? '94105' : '97201',
    country: 'US',
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return buyer;
}

/** Two pairs at 100.00 bought and paid by card. */
async function paidOrder(state: 'CA' | 'OR' = 'CA') {
  const buyer = await buyerIn(state);
  const started = await send(app(), 'POST', '/api/checkouts', buyer.cookie, {
    products: [{ id: shoe, size: '9', count: 2 }],
  });
  expect(started.statusCode, started.body).toBe(200);
  const { orderId } = started.json<{ orderId: string }>();
  const session = [...fakes.stripe().sessions.values()].find(
    (candidate) => candidate.metadata.orderId === orderId,
  );
  if (!session) throw new Error('no Stripe session');
  fakes.stripe().pay(session.id);
  const paid = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer.cookie, {
    voucher: { state: 'aprobed' },
  });
  expect(paid.json<Order>().state).toBe('aprobed');
  return { buyer, order: paid.json<Order>() };
}

/** The buyer returns one pair, staff approve and receive it (its refund). */
async function returnOnePair(orderId: string, cookie: string): Promise<OrderReturn> {
  await shipOrder(app(), orderId);
  const opened = await send(app(), 'POST', `/api/orders/${orderId}/returns`, cookie, {
    lines: [{ productId: shoe, size: '9', count: 1, resolution: 'refund' }],
    reason: 'too_small',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const id = opened.json<OrderReturn>().id;
  expect((await send(app(), 'POST', `/api/returns/${id}/approve`, staff().cookie)).statusCode).toBe(200);
  const received = await send(app(), 'POST', `/api/returns/${id}/receive`, staff().cookie, {
    lines: [{ productId: shoe, size: '9', restock: true }],
  });
  expect(received.statusCode, received.body).toBe(200);
  return received.json<OrderReturn>();
}

const refundWhole = (orderId: string) =>
  send(app(), 'POST', `/api/orders/${orderId}/refund`, staff().cookie, {});

async function notesOf(orderId: string, cookie: string): Promise<CreditNote[]> {
  const listed = await send(app(), 'GET', `/api/orders/${orderId}/credit-notes`, cookie);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<CreditNote[]>();
}

const sequence = (name: string) => Number(name.slice(3));

describe('credit notes', () => {
  it("a return's refund and then the whole refund: two notes, numbered in turn, the frozen tax split", async () => {
    const { buyer, order } = await paidOrder();
    // 2 x 100.00 at 7.25 % on top: 14.50 of tax, 214.50 paid.
    expect(order.tax.total).toBe(14.5);
    const ret = await returnOnePair(order._id, buyer.cookie);
    expect(ret).toMatchObject({ refundedAmount: 107.25, refundedTax: 7.25 });
    const whole = await refundWhole(order._id);
    expect(whole.statusCode, whole.body).toBe(200);

    const notes = await notesOf(order._id, buyer.cookie);
    expect(notes).toHaveLength(2);
    const [first, second] = notes;
    expect(first).toMatchObject({ amount: 107.25, tax: 7.25 });
    expect(second).toMatchObject({ amount: 107.25, tax: 7.25 });
    expect(first?.number).toMatch(/^CN-\d{6}$/);
    expect(sequence(second?.number ?? '')).toBe(sequence(first?.number ?? '') + 1);
    expect(first?.url).toBe(`/api/orders/${order._id}/credit-notes/${first?.number}`);
    // Staff see the same list.
    expect(await notesOf(order._id, staff().cookie)).toEqual(notes);

    // The table: all tenders, the return named, the tax per frozen rate; together all the order's tax.
    const rows = await app()
      .db.select()
      .from(creditNote)
      .where(eq(creditNote.orderId, order._id))
      .orderBy(asc(creditNote.number));
    expect(
      rows.map(({ returnId, amountCents, taxCents, rates, key }) => ({
        returnId,
        amountCents,
        taxCents,
        rates,
        key,
      })),
    ).toEqual([
      {
        returnId: ret.id,
        amountCents: 10_725,
        taxCents: 725,
        rates: [{ ratePcm: 7_250, netCents: 10_000, taxCents: 725 }],
        key: `return-refund:${ret.id}`,
      },
      {
        returnId: null,
        amountCents: 10_725,
        taxCents: 725,
        rates: [{ ratePcm: 7_250, netCents: 10_000, taxCents: 725 }],
        key: `refund-order:${order._id}`,
      },
    ]);
    const [counter] = await app().db.select().from(creditNoteCounter);
    expect(counter?.last).toBeGreaterThanOrEqual(sequence(second?.number ?? ''));

    // Each refund e-mail names its note.
    const mail = (await deliveredMail(app())).filter((message) => message.to === buyer.email);
    expect(mail.some((message) => message.text.includes(`Your credit note is ${first?.number}`))).toBe(true);
    expect(mail.some((message) => message.text.includes(`Your credit note is ${second?.number}`))).toBe(true);
  });

  it('prints a note: seller and VAT number, buyer, the invoice it corrects, per rate net and tax credited', async () => {
    const { buyer, order } = await paidOrder();
    expect((await refundWhole(order._id)).statusCode).toBe(200);
    const [note] = await notesOf(order._id, buyer.cookie);
    expect(note).toMatchObject({ amount: 214.5, tax: 14.5 });
    const page = await send(app(), 'GET', note?.url ?? '', buyer.cookie);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<h1>Credit note ${note?.number}</h1>`);
    expect(page.body).toContain(`Corrects tax invoice #${order.number}`);
    expect(page.body).toContain('VAT USTAX123');
    expect(page.body).toContain('Credit Taker');
    expect(page.body).toContain('Refund of the whole order');
    expect(page.body).toMatch(
      /Refunded at 7\.25%<\/td><td class="num">&minus;\$200\.00<\/td><td class="num">7\.25%<\/td><td class="num">&minus;\$14\.50/,
    );
    expect(page.body).toMatch(/Total credited<\/td><td><\/td><td><\/td><td class="num">&minus;\$214\.50/);
    expect((await send(app(), 'GET', note?.url ?? '', staff().cookie)).statusCode).toBe(200);
  });

  it('a note of an order that collected no tax: the amount, no tax', async () => {
    const { buyer, order } = await paidOrder('OR');
    expect(order.tax.collected).toBe(false);
    expect((await refundWhole(order._id)).statusCode).toBe(200);
    const [note] = await notesOf(order._id, buyer.cookie);
    expect(note).toMatchObject({ amount: 200, tax: 0 });
    const page = await send(app(), 'GET', note?.url ?? '', buyer.cookie);
    expect(page.body).toContain(`Corrects invoice #${order.number}`);
    expect(page.body).not.toContain('VAT USTAX123');
    expect(page.body).toMatch(/Total credited<\/td><td><\/td><td><\/td><td class="num">&minus;\$200\.00/);
  });

  it('a refund tried again makes one note, and a failed refund takes no number', async () => {
    const { buyer, order } = await paidOrder();
    const [before] = await app().db.select().from(creditNoteCounter);
    fakes.stripe().failRefunds = true;
    try {
      expect((await refundWhole(order._id)).statusCode).toBe(502);
    } finally {
      fakes.stripe().failRefunds = false;
    }
    expect(await notesOf(order._id, buyer.cookie)).toEqual([]);
    const [unchanged] = await app().db.select().from(creditNoteCounter);
    expect(unchanged?.last).toBe(before?.last ?? 0);

    expect((await refundWhole(order._id)).statusCode).toBe(200);
    expect((await refundWhole(order._id)).statusCode).toBe(409);
    const notes = await notesOf(order._id, buyer.cookie);
    expect(notes).toHaveLength(1);
    expect(sequence(notes[0]?.number ?? '')).toBe((before?.last ?? 0) + 1);
    expect(await app().db.select().from(creditNote).where(eq(creditNote.orderId, order._id))).toHaveLength(1);
  });

  it("refuses other people the order's notes, and answers 404 for a number it does not have", async () => {
    const { buyer, order } = await paidOrder();
    expect((await refundWhole(order._id)).statusCode).toBe(200);
    const [note] = await notesOf(order._id, buyer.cookie);
    for (const outsider of await outsiders(app())) {
      expectRefused(
        outsider,
        await send(app(), 'GET', `/api/orders/${order._id}/credit-notes`, outsider.cookie),
      );
      expectRefused(outsider, await send(app(), 'GET', note?.url ?? '', outsider.cookie));
    }
    const missing = await send(app(), 'GET', `/api/orders/${order._id}/credit-notes/CN-999999`, buyer.cookie);
    expect(missing.statusCode).toBe(404);
    const bad = await send(app(), 'GET', `/api/orders/${order._id}/credit-notes/42`, buyer.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('number');
    // Another order's note is not found under this order.
    const other = await paidOrder();
    expect((await refundWhole(other.order._id)).statusCode).toBe(200);
    const [otherNote] = await notesOf(other.order._id, other.buyer.cookie);
    const crossed = await send(
      app(),
      'GET',
      `/api/orders/${order._id}/credit-notes/${otherNote?.number}`,
      buyer.cookie,
    );
    expect(crossed.statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('documents both credit note routes, the list with its shape', async () => {
    const response = await send(app(), 'GET', '/api/docs/json');
    type Operation = {
      summary?: string;
      responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
    };
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const list = paths['/api/orders/{id}/credit-notes']?.get;
    expect(list?.summary).toEqual(expect.any(String));
    expect(list?.responses?.['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'array',
      items: {
        type: 'object',
        required: expect.arrayContaining(['number', 'amount', 'tax', 'createdAt', 'url']),
      },
    });
    expect(paths['/api/orders/{id}/credit-notes/{number}']?.get?.summary).toEqual(expect.any(String));
  });
});
