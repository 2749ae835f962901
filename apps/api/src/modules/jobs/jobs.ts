import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db, Tx } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { withoutQueryParameters } from '../../lib/redact';

/**
 * Work that must happen even if the instance that asked for it dies: every e-mail, each reservation's
 * expiry and the minutely catch-up sweep. They are jobs in PostgreSQL (pg-boss, decision 17), taken by
 * whichever instance is free, retried with back-off, and kept after they finish, so a job queued twice
 * under one key runs once. On the embedded PGlite the same queue runs in this process.
 */
export const QUEUES = {
  /**
   * Account e-mail, which a shopper waits for with the shop open: verification and password reset. A line
   * of its own, so it never waits behind order e-mail. Retried 13 times, 10 s after the first failure and
   * doubling (about a day and a half in all). A job still running 30 s after it started belonged to an
   * instance that died (a send gives up well before: see mailer.ts) and is retried by another.
   */
  mail: { retryLimit: 13, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 },
  /** Every other e-mail (order confirmations, refunds, cancellations, back-in-stock alerts), drained in bulk. */
  bulkMail: { retryLimit: 13, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 },
  /** One order's reservation running out: its provider is asked once more, then the order closes. */
  reservationExpiry: { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  /** A drop's work at its times: notices when it opens, the draw at the close, winners' holds running out, results e-mailed. */
  drops: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /** A favourite's price dropped: its favouriters' e-mails are queued (each once, see price-drops). */
  priceDrops: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /**
   * A test-mode payment's "payment completed" notification, kept with the payment: delivered at once by
   * the pay route and again by this job until the order has heard it, so a database restart in between
   * never leaves a paid order pending. Retried from 5 s, doubling (about 20 minutes in all).
   */
  paymentNotices: { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 },
  /** Every minute on one instance: reservations and e-mails whose job went missing, stock alerts. */
  sweep: { retryLimit: 0, expireInSeconds: 300 },
  /**
   * Every quarter of an hour on one instance: the sizes buyers kept, model against model, counted again for
   * the shoppers' size advice. Not retried: the next run does the same work.
   */
  sizeAdvice: { retryLimit: 0, expireInSeconds: 900 },
  /**
   * Every hour on one instance: people's data (issue 40): held erasures whose hold has ended, accounts
   * never verified, expired sessions and one-time links, expired export archives. Not retried: the next
   * run does the same work.
   */
  privacy: { retryLimit: 0, expireInSeconds: 900 },
  /**
   * A copy of a person's data ("Download my data"): their rows read, the ZIP stored and its link e-mailed.
   * Retried 3 times from 30 s, doubling; one still unprepared an hour after it was asked for is marked
   * failed by the privacy job, and the person may ask again.
   */
  exports: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /**
   * A reminder of an abandoned checkout, queued for when it is due (issue 40): it sends the e-mail if the
   * checkout is still unbought and there is a basis, and queues the next. Retried 5 times from 30 s.
   */
  recovery: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
} as const satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

export type QueueName = keyof typeof QUEUES;
const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export interface JobOptions {
  /** Jobs queued under one key are one job: the second is dropped while the first is kept. */
  key?: string;
  startAfter?: Date;
  /**
   * Queues the job in this transaction: it exists only if the transaction commits, so a change and the
   * work it calls for (an e-mail about it) happen both or neither, whenever the instance dies.
   */
  tx?: Tx;
}

export interface WorkOptions {
  /**
   * Jobs taken at once and run together (1 by default): each is completed or failed on its own as soon as
   * it ends, so one failing job fails only itself and one done is never run again.
   */
  batchSize?: number;
  /** How often an idle worker asks for jobs (POLLING_INTERVAL_SECONDS by default). */
  pollingIntervalSeconds?: number;
}

export interface Jobs {
  send(queue: QueueName, data: object, options?: JobOptions): Promise<void>;
  /** Runs `handler` for each job of `queue` on this instance; a throw fails the attempt (retried later). */
  work<T extends object>(
    queue: QueueName,
    handler: (data: T) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Queues a `queue` job on a cron schedule, once per slot however many instances run. */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Jobs due now and not finished (waiting, retrying or running), and jobs that failed for good. */
  counts(): Promise<Record<QueueName, { due: number; failed: number }>>;
  /**
   * Deletes every job of `queues` (waiting, done or archived) whose data's `field` is `value`, case
   * aside: an erased person's e-mails (their address, name and words are in a mail job's data). Answers how many.
   */
  forget(queues: QueueName[], field: string, value: string): Promise<number>;
  /** Resolves once no job is due or running: what tests wait for before reading the outbox. */
  settled(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * What a failed job records: the error's message and stack (an Error's own fields are not enumerable),
 * without the values of a failed query they may name.
 */
function failureOf(error: unknown): object {
  return error instanceof Error
    ? { message: withoutQueryParameters(error.message), stack: withoutQueryParameters(error.stack ?? '') }
    : { message: String(error) };
}

/**
 * pg-boss's statements run in `tx`: its numbered parameters ($1, $2, ...) become the query's parameters,
 * one for each place it uses them (an unset one is NULL, as the pg driver sends it).
 */
function queriesIn(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const query = sql.join(
        parts.map((part, index) =>
          index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
        ),
      );
      return { rows: ((await tx.execute(query)) as unknown as { rows: unknown[] }).rows };
    },
  };
}

/** A UUID made from `key` (the queue's job ids are UUIDs): the same key is always the same job. */
export function jobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** How often an idle worker asks for jobs; a job this instance queues itself is taken at once. */
const POLLING_INTERVAL_SECONDS = 2;

/**
 * How often the queue's maintenance runs (on one instance at a time): it is what notices a job whose
 * instance died while running it, once the job is past its `expireInSeconds`, and queues its retry. With
 * pg-boss's default (120 s) a dead instance's e-mail waited for minutes. Each instance tries every 15 s and
 * runs it when nobody did for 15 s, so it comes round within 30 s at worst: a mail job (expiring 30 s after
 * it started, retried 10 to 20 s later) goes out from another instance within 80 s.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 15;

export async function startJobs(database: Database, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({
    ...database.queueConnection,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    // Finished jobs stay a week: the record that a keyed e-mail was sent.
    deleteAfterDays: 7,
  });
  // Its workers and maintenance retry by themselves while the database is away: that is only a warning.
  boss.on('error', (error: unknown) =>
    isDatabaseUnavailable(error)
      ? log.warn({ err: error }, 'job queue cannot reach the database; retrying')
      : log.error({ err: error }, 'job queue error'),
  );
  await database.exclusive('job-queue', async () => {
    await boss.start();
    for (const name of QUEUE_NAMES) {
      const existing = await boss.getQueue(name);
      const queue = { name, ...QUEUES[name] };
      if (existing) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
    }
  });
  const workers = new Map<QueueName, string>();
  const db: Db = database.db;

  const jobs: Jobs = {
    async send(queue, data, { key, startAfter, tx } = {}) {
      await boss.send(queue, data, {
        ...(key ? { id: jobId(key) } : {}),
        ...(startAfter ? { startAfter } : {}),
        ...(tx ? { db: queriesIn(tx) } : {}),
      });
      // This instance takes the job at once instead of at its next poll (one in a transaction is seen once
      // it commits: at the worker's next poll).
      const worker = workers.get(queue);
      if (worker && !startAfter && !tx) boss.notifyWorker(worker);
    },
    async work(queue, handler, { batchSize = 1, pollingIntervalSeconds = POLLING_INTERVAL_SECONDS } = {}) {
      const id = await boss.work<object>(queue, { pollingIntervalSeconds, batchSize }, async (batch) => {
        const outcomes = await Promise.allSettled(
          batch.map(async (job) => {
            try {
              await handler(job.data as never);
            } catch (error) {
              await boss.fail(queue, job.id, failureOf(error));
              return;
            }
            await boss.complete(queue, job.id);
          }),
        );
        // Only a job whose outcome could not be recorded is still active: pg-boss fails it for a retry.
        const unrecorded = outcomes.find((outcome) => outcome.status === 'rejected');
        if (unrecorded) throw unrecorded.reason;
        // A full batch: more are likely waiting, so the worker asks again at once instead of at its next poll.
        const self = workers.get(queue);
        if (self && batch.length === batchSize) boss.notifyWorker(self);
      });
      workers.set(queue, id);
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async counts() {
      const result = await db.execute(sql`
        SELECT name,
          count(*) FILTER (WHERE state IN ('created', 'retry', 'active') AND start_after <= now())::int AS due,
          count(*) FILTER (WHERE state = 'failed')::int AS failed
        FROM pgboss.job
        WHERE name IN ${QUEUE_NAMES}
        GROUP BY name`);
      const counts = Object.fromEntries(QUEUE_NAMES.map((name) => [name, { due: 0, failed: 0 }])) as Record<
        QueueName,
        { due: number; failed: number }
      >;
      for (const row of (result as unknown as { rows: { name: QueueName; due: number; failed: number }[] })
        .rows)
        counts[row.name] = { due: row.due, failed: row.failed };
      return counts;
    },
    async forget(queues, field, value) {
      let forgotten = 0;
      for (const table of [sql`pgboss.job`, sql`pgboss.archive`]) {
        const result = await db.execute(sql`
          DELETE FROM ${table}
          WHERE name IN ${queues} AND lower(data->>${field}) = lower(${value})`);
        const { rowCount, affectedRows } = result as unknown as { rowCount?: number; affectedRows?: number };
        forgotten += rowCount ?? affectedRows ?? 0;
      }
      return forgotten;
    },
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const counts = await jobs.counts();
        if (QUEUE_NAMES.every((name) => counts[name].due === 0)) return;
        if (Date.now() > deadline)
          throw new Error(`Jobs still due after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
        for (const worker of workers.values()) boss.notifyWorker(worker);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      // Running jobs finish (at most 10 s); the rest stay queued for the other instances.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return jobs;
}
