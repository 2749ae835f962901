import { type APIRequestContext, expect } from '@playwright/test';
import { productOfItsOwn } from './products';
import { ADMIN } from './shop';

/** An API client signed in as the seeded admin (it sends the shop's Origin, as a browser would). */
export async function adminRequest(request: APIRequestContext, origin: string): Promise<APIRequestContext> {
  const signIn = await request.post('/api/auth/sign-in/email', { data: ADMIN, headers: { origin } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  // Refunds, credit, exports and the tax settings ask for a step-up in the last five minutes (decision 35).
  const stepUp = await request.post('/api/auth/step-up', {
    data: { password: ADMIN.password },
    headers: { origin },
  });
  expect(stepUp.ok(), await stepUp.text()).toBe(true);
  return request;
}

/**
 * A product of a drop journey's own (see productOfItsOwn), four pairs of each size: no other journey meets
 * it, and none of theirs becomes a drop. Answers its id.
 */
export async function productForDrop(
  admin: APIRequestContext,
  origin: string,
  name: string,
): Promise<string> {
  const product = await productOfItsOwn(admin, origin, name, {
    price: 180,
    units: 4,
    description: 'A limited release made for this journey: a suede upper on a vulcanised sole.',
  });
  return product.id;
}

/** Schedules a drop through the staff's API; answers its id and product. */
export async function scheduleDrop(
  admin: APIRequestContext,
  origin: string,
  body: Record<string, unknown>,
): Promise<{ id: string; product: { id: string; name: string } }> {
  const created = await admin.post('/api/drops', { data: body, headers: { origin } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; product: { id: string; name: string } };
}
