/**
 * The mail drain (BENCH_ONLY=mail): how fast a burst of order e-mail goes out, and how long a new
 * shopper's verification e-mail waits while it does (decision 23).
 *
 * The shop runs in this process (buildApp, its own mail workers) on a fresh database of the backend, with
 * the outbox as its transport (a temporary folder). BENCH_MAIL_COUNT (1000) order confirmations, each made
 * by the shop's own template from an order of one to three lines, are queued through the shop's mailer
 * held back, then come due at once, as after a drop. The drain is timed from then until the last one is
 * written to the outbox. Once a tenth of them is written, one verification e-mail is queued the way
 * sign-up queues it, and its delay is the time until it is written. Target: under 5 s.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import type { Order } from '@shop/contracts';
import { buildOrder } from '@shop/contracts/testing';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import type { DatabaseConfig } from '../src/db/client';
import { verificationEmail } from '../src/modules/auth/auth-emails';
import { jobId } from '../src/modules/jobs/jobs';
import { MAIL_BATCH_SIZE } from '../src/modules/mail/mailer';
import { orderConfirmationEmail } from '../src/modules/orders/order-emails';
import { keysAsTheyAre } from '../src/modules/sizes';
import { inProcessConfig } from './in-process';

export const MAIL_SCENARIO = 'mail drain (order confirmations, a verification e-mail meanwhile)';
const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 1000);
/** The verification e-mail's delay must stay under this while the burst drains. */
export const VERIFICATION_TARGET_S = 5;

export interface MailBenchResult {
  backend: string;
  count: number;
  /** Queuing the burst (held back), in seconds. */
  queueSeconds: number;
  /** From the burst coming due to its last message written, in seconds. */
  drainSeconds: number;
  /** How many of the burst were written when the verification e-mail was queued. */
  writtenBefore: number;
  verificationSeconds: number;
}

const SIZES = ['7', '8.5', '9', '10', '11.5'];

/** An order as the confirmation is made from: one to three lines of a made-up catalogue. */
function benchOrder(index: number): Order {
  const lines = Array.from({ length: 1 + (index % 3) }, (_, line) => {
    const price = 60 + ((index * 7 + line * 13) % 140);
    const count = 1 + ((index + line) % 2);
    return {
      id: randomUUID(),
      name: `Runner ${index % 97} ${['Low', 'Mid', 'High'][line]}`,
      brand: ['Nike', 'Adidas', 'Puma'][line] ?? 'Nike',
      gender: ['men'],
      card_picture: '/media/bench.webp',
      img: '/media/bench.webp',
      size: SIZES[(index + line) % SIZES.length] ?? '9',
      count,
      price,
      totalPrice: price * count,
      discount: 0,
    };
  });
  return buildOrder({
    _id: randomUUID(),
    number: index + 1,
    user: { _id: randomUUID(), username: `buyer${index}`, email: `buyer${index}@example.com`, image: '' },
    date: new Date().toISOString(),
    finalAmount: lines.reduce((sum, line) => sum + line.totalPrice, 0),
    products: lines,
  });
}

const seconds = (from: number) => (performance.now() - from) / 1000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchMail(
  backend: string,
  database: DatabaseConfig,
  log: (message: string) => void,
): Promise<MailBenchResult> {
  const { dataDir, config } = inProcessConfig('mail', database);
  const app = await buildApp(config);
  try {
    await app.ready();
    const outbox = config.mail.outboxDir;
    const written = () => {
      try {
        return readdirSync(outbox).filter((name) => name.endsWith('.json')).length;
      } catch {
        return 0;
      }
    };
    const reader = { accountUrl: `${config.siteUrl}/account/orders`, sizeWords: keysAsTheyAre };
    const messages = Array.from({ length: COUNT }, (_, index) =>
      orderConfirmationEmail(benchOrder(index), 'card', reader),
    );

    // Queued held back, as the shop's mailer queues them (keyed by order), then due all at once.
    const queueing = performance.now();
    const later = new Date(Date.now() + 3_600_000);
    for (let start = 0; start < messages.length; start += 50) {
      await Promise.all(
        messages.slice(start, start + 50).map((message, offset) =>
          app.jobs.send('bulkMail', message, {
            key: `bench-confirmation:${start + offset}`,
            startAfter: later,
          }),
        ),
      );
    }
    const queueSeconds = seconds(queueing);
    log(`${backend}: ${COUNT} order confirmations queued (held back) in ${queueSeconds.toFixed(1)} s`);
    await app.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'bulkMail'`);
    const draining = performance.now();

    // A tenth written: a new shopper signs up and their verification e-mail is queued.
    while (written() < COUNT / 10) await pause(10);
    const writtenBefore = written();
    const key = `bench-verification:${randomUUID()}`;
    const verifying = performance.now();
    await app.mailer.send(
      verificationEmail(
        'new-shopper@example.com',
        'new_shopper',
        `${config.siteUrl}/api/auth/verify-email?token=bench`,
      ),
      { queue: 'mail', key },
    );
    let verificationSeconds = Number.NaN;
    let drainSeconds = Number.NaN;
    const deadline = performance.now() + 300_000;
    while (Number.isNaN(verificationSeconds) || Number.isNaN(drainSeconds)) {
      if (performance.now() > deadline) {
        throw new Error(`bench: only ${written()} of ${COUNT + 1} e-mails written in 5 minutes`);
      }
      if (Number.isNaN(verificationSeconds)) {
        const result = await app.db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${jobId(key)}`);
        const [row] = (result as unknown as { rows: { state: string }[] }).rows;
        if (row?.state === 'completed') verificationSeconds = seconds(verifying);
      }
      if (Number.isNaN(drainSeconds) && written() >= COUNT + 1) drainSeconds = seconds(draining);
      await pause(20);
    }
    log(
      `${backend}: ${COUNT} order confirmations drained in ${drainSeconds.toFixed(1)} s (${(COUNT / drainSeconds).toFixed(0)}/s, batches of ${MAIL_BATCH_SIZE.bulkMail}); a verification e-mail queued after ${writtenBefore} went out in ${verificationSeconds.toFixed(2)} s`,
    );
    return { backend, count: COUNT, queueSeconds, drainSeconds, writtenBefore, verificationSeconds };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The summary lines: each backend's drain and the verification target. */
export function mailLines(results: MailBenchResult[]): string[] {
  return results.map(
    (result) =>
      `target: ${result.backend} verification e-mail < ${VERIFICATION_TARGET_S} s while ${result.count} order confirmations drain: ${result.verificationSeconds.toFixed(2)} s, ${result.verificationSeconds < VERIFICATION_TARGET_S ? 'met' : 'MISSED'} (the ${result.count} drained in ${result.drainSeconds.toFixed(1)} s, ${(result.count / result.drainSeconds).toFixed(0)}/s)`,
  );
}
