import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../db/schema';
import { quickBuyers, stockedProducts } from '../../test/buyers';
import { deliveredMail } from '../../test/mail';
import { send } from '../../test/shop';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readOutbox } from '../mail/mailer';
import { jobId } from './jobs';

let first: TestApp;
const app = () => first.app;

beforeAll(async () => {
  first = await createTestApp();
  await first.app.ready();
});

afterAll(async () => {
  await first?.close();
});

/** Makes a job due now, as if its time had come (a retry's back-off, a reservation's end). */
async function dueNow(id: string) {
  await app().db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${id}`);
}

async function jobState(id: string): Promise<string | undefined> {
  const result = await app().db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${id}`);
  return (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
}

const message = (to: string) => ({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });

describe('e-mails as jobs', () => {
  it('sends an e-mail queued twice under one key once', async () => {
    const to = `once-${Date.now()}@example.com`;
    await app().mailer.send(message(to), { queue: 'mail', key: `test:${to}` });
    await app().mailer.send(message(to), { queue: 'mail', key: `test:${to}` });
    expect((await deliveredMail(app())).filter((mail) => mail.to === to)).toHaveLength(1);
    expect(await jobState(jobId(`test:${to}`))).toBe('completed');
    // Sent before: queuing it again later changes nothing.
    await app().mailer.send(message(to), { queue: 'mail', key: `test:${to}` });
    expect((await deliveredMail(app())).filter((mail) => mail.to === to)).toHaveLength(1);
  });

  // Two instances need one database they both reach: a PostgreSQL server.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'is delivered by another instance when the one that queued it could not send it and stopped',
    async () => {
      // Instance A reaches no mail server; instance B, on the same database, writes to its outbox.
      const a = await createTestApp({
        database: app().config.database,
        mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'shop@example.com', outboxDir: '/nonexistent' },
      });
      const to = `durable-${Date.now()}@example.com`;
      const key = `test:${to}`;
      try {
        await a.app.ready();
        await a.app.mailer.send(message(to), { queue: 'bulkMail', key });
        await expect.poll(() => jobState(jobId(key)), { timeout: 10_000 }).toBe('retry');
      } finally {
        await a.close();
      }
      expect((await readOutbox(app().config.mail.outboxDir)).filter((mail) => mail.to === to)).toHaveLength(
        0,
      );
      await dueNow(jobId(key));
      expect((await deliveredMail(app())).filter((mail) => mail.to === to)).toHaveLength(1);
      expect(await jobState(jobId(key))).toBe('completed');
    },
  );
});

describe('reservation expiry as a job', () => {
  it('queues a job per order that closes the reservation when due, once', async () => {
    const [productId = ''] = await stockedProducts(app(), ['Expiry job'], 10);
    const [buyer] = await quickBuyers(app(), 1, 'expiry');
    const response = await send(app(), 'POST', '/api/checkouts', buyer?.cookie, {
      products: [{ id: productId, size: '9', count: 2 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const orderId: string = response.json().orderId;
    const id = jobId(`reservation-expiry:${orderId}`);
    expect(await jobState(id)).toBe('created');

    // Its time comes: the reservation ran out and the job is due.
    await app()
      .db.update(order)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(order.id, orderId));
    await dueNow(id);
    await app().jobs.settled();
    const [row] = await app().db.select({ state: order.state }).from(order).where(eq(order.id, orderId));
    expect(row?.state).toBe('cancelled');
    expect(await jobState(id)).toBe('completed');
  });

  it('leaves an order alone that was paid or cancelled before its job came due', async () => {
    const [productId = ''] = await stockedProducts(app(), ['Expiry job paid'], 10);
    const [buyer] = await quickBuyers(app(), 1, 'paid');
    const response = await send(app(), 'POST', '/api/checkouts', buyer?.cookie, {
      products: [{ id: productId, size: '9', count: 1 }],
    });
    const orderId: string = response.json().orderId;
    const cancel = await send(app(), 'PUT', `/api/orders/${orderId}`, buyer?.cookie, {
      voucher: { state: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const id = jobId(`reservation-expiry:${orderId}`);
    await dueNow(id);
    await app().jobs.settled();
    expect(await jobState(id)).toBe('completed');
    const [row] = await app().db.select({ state: order.state }).from(order).where(eq(order.id, orderId));
    expect(row?.state).toBe('cancelled');
  });
});

describe('job ids', () => {
  it('are UUIDs, the same for the same key', () => {
    expect(jobId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobId('a')).toBe(jobId('a'));
    expect(jobId('a')).not.toBe(jobId('b'));
  });
});
