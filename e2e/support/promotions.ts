import { type APIRequestContext, expect } from '@playwright/test';
import { productOfItsOwn } from './products';

/**
 * A product of a promotions journey's own (see productOfItsOwn), six pairs of each size; `price` and
 * `compareAtPrice` (a sale when above the price) are the journey's.
 */
export const productOnPromotion = (
  admin: APIRequestContext,
  origin: string,
  name: string,
  prices: { price: number; compareAtPrice?: number | null },
) =>
  productOfItsOwn(admin, origin, name, {
    ...prices,
    units: 6,
    description: 'A pair made for this journey: a canvas upper on a vulcanised sole.',
  });

/**
 * A discount code made through the staff's API (`POST /api/promotions`); answers its code. One whose
 * `endsAt` has passed is made without it and then ended (`PUT`), since none is made already ended.
 */
export async function createCode(
  admin: APIRequestContext,
  origin: string,
  { endsAt, ...body }: Record<string, unknown> & { code: string; endsAt?: string },
): Promise<string> {
  const ended = endsAt !== undefined && new Date(endsAt).getTime() <= Date.now();
  const data = ended ? body : { ...body, endsAt };
  const created = await admin.post('/api/promotions', { headers: { origin }, data });
  expect(created.status(), await created.text()).toBe(201);
  if (ended) {
    const { id } = (await created.json()) as { id: string };
    const changed = await admin.put(`/api/promotions/${id}`, { headers: { origin }, data: { endsAt } });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  return body.code;
}

/** Staff grant a buyer store credit (`POST /api/users/:id/credit`). */
export async function grantCredit(
  admin: APIRequestContext,
  origin: string,
  uid: string,
  amount: number,
): Promise<void> {
  const granted = await admin.post(`/api/users/${uid}/credit`, {
    headers: { origin },
    data: { amount, reason: 'A thank-you for shopping with us' },
  });
  expect(granted.ok(), await granted.text()).toBe(true);
}
