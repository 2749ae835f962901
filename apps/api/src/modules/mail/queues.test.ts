import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { testShop } from '../../test/test-shop';
import { readOutbox } from './mailer';

const { app } = testShop();

beforeAll(async () => {
  await app().ready();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app().db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('account e-mail and bulk e-mail', () => {
  it('a verification e-mail goes out while a burst of order e-mail drains, not after it', async () => {
    const burst = 600;
    // The burst waits queued, then comes due all at once, as after a drop.
    const later = new Date(Date.now() + 3_600_000);
    for (let index = 0; index < burst; index += 1) {
      await app().jobs.send(
        'bulkMail',
        {
          to: `buyer-${index}@example.com`,
          subject: `Sneaker Shop: order ${index} confirmed`,
          text: 'Thank you for your purchase!',
          html: '<p>Thank you for your purchase!</p>',
        },
        { startAfter: later },
      );
    }
    await app().db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'bulkMail'`);
    // A new shopper signs up while the burst is being sent (its first e-mail can take a while to go out on
    // a busy machine).
    await expect
      .poll(async () => (await readOutbox(app().config.mail.outboxDir)).length, {
        interval: 10,
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const shopper = await signUp(app());

    await app().jobs.settled(60_000);
    const [verification] = await rows<{ completed_on: string }>(
      sql`SELECT completed_on FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${shopper.email}`,
    );
    expect(verification?.completed_on).toBeTruthy();
    // Most of the burst was still waiting when the verification went out.
    const [after] = await rows<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM pgboss.job
        WHERE name = 'bulkMail' AND state = 'completed' AND completed_on > ${verification?.completed_on}::timestamptz`,
    );
    expect(after?.count).toBeGreaterThan(burst / 2);
    const outbox = await readOutbox(app().config.mail.outboxDir);
    expect(outbox).toHaveLength(burst + 1);
  });
});
