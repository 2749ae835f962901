import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { order } from '../../db/schema';
import { seedDatabase } from '../../seed/seed';
import { cartLine, productInStock, send, stockOf, verifiedBuyer } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    payments: { reservationMinutes: 30, testMode: false, providers: {} },
  });
  await seedDatabase(testApp.app.db, testApp.app.config, { pictures: false });
});

afterAll(async () => {
  await testApp?.close();
});

it('refuses to sell without a provider when test mode is off, and reserves nothing', async () => {
  const { app } = testApp;
  const buyer = await verifiedBuyer(app);
  const pick = await productInStock(app, 1);
  const before = await stockOf(app, pick.id, Number(pick.size));
  for (const path of ['/api/checkouts', '/api/paypal/create-payment']) {
    const response = await send(app, 'POST', path, buyer.cookie, { products: [cartLine(pick, 1)] });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('PAYMENT_UNAVAILABLE');
  }
  expect(await stockOf(app, pick.id, Number(pick.size))).toEqual(before);
  expect((await app.db.select({ n: count() }).from(order))[0]?.n).toBe(0);
});
