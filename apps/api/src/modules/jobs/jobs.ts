import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';

/**
 * Work that must happen even if the instance that asked for it dies: every e-mail, each reservation's
 * expiry and the minutely catch-up sweep. They are jobs in PostgreSQL (pg-boss, decision 17), taken by
 * whichever instance is free, retried with back-off, and kept after they finish, so a job queued twice
 * under one key runs once. On the embedded PGlite the same queue runs in this process.
 */
export const QUEUES = {
  /** One e-mail. Retried 12 times, 30 s after the first failure and doubling (a day and a half in all). */
  mail: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  /** One order's reservation running out: its provider is asked once more, then the order closes. */
  reservationExpiry: { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  /** Every minute on one instance: reservations and e-mails whose job went missing, stock alerts. */
  sweep: { retryLimit: 0, expireInSeconds: 300 },
} as const satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

export type QueueName = keyof typeof QUEUES;
const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export interface JobOptions {
  /** Jobs queued under one key are one job: the second is dropped while the first is kept. */
  key?: string;
  startAfter?: Date;
}

export interface Jobs {
  send(queue: QueueName, data: object, options?: JobOptions): Promise<void>;
  /** Runs `handler` for each job of `queue` on this instance; a throw fails the attempt (retried later). */
  work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  /** Queues a `queue` job on a cron schedule, once per slot however many instances run. */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Jobs due now and not finished (waiting, retrying or running), and jobs that failed for good. */
  counts(): Promise<Record<QueueName, { due: number; failed: number }>>;
  /** Resolves once no job is due or running: what tests wait for before reading the outbox. */
  settled(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A UUID made from `key` (the queue's job ids are UUIDs): the same key is always the same job. */
export function jobId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** How often an idle worker asks for jobs; a job this instance queues itself is taken at once. */
const POLLING_INTERVAL_SECONDS = 2;

export async function startJobs(database: Database, log: FastifyBaseLogger): Promise<Jobs> {
  const boss = new PgBoss({
    ...database.queueConnection,
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
    async send(queue, data, { key, startAfter } = {}) {
      await boss.send(queue, data, {
        ...(key ? { id: jobId(key) } : {}),
        ...(startAfter ? { startAfter } : {}),
      });
      // This instance takes the job at once instead of at its next poll.
      const worker = workers.get(queue);
      if (worker && !startAfter) boss.notifyWorker(worker);
    },
    async work(queue, handler) {
      const id = await boss.work<object>(
        queue,
        { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        },
      );
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
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const counts = await jobs.counts();
        if (QUEUE_NAMES.every((name) => counts[name].due === 0)) return;
        if (Date.now() > deadline) throw new Error(`Jobs still due after ${timeoutMs} ms`);
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
