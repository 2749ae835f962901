import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import type { Jobs, QueueName } from '../jobs';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Headers of its own: a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058); service
   * e-mail has none. SMTP sends them; the outbox keeps them beside the body.
   */
  headers?: Record<string, string>;
}

export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  date: string;
  /** Every link of the message, so the development page can make them clickable. */
  links: string[];
}

/** Where a message waits: account e-mail (verification, password reset) never waits behind bulk e-mail. */
export type MailQueue = Extract<QueueName, 'mail' | 'bulkMail'>;

/** What delivers one message: an SMTP server or the outbox folder. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Forgets what it kept of the messages to `address` (the outbox's files; an SMTP server keeps nothing here). */
  forget(address: string): Promise<void>;
}

export interface Mailer {
  readonly kind: MailTransport['kind'];
  /**
   * Queues `message` in `queue` as a job, retried until it goes out; messages queued under one `key` are
   * sent once. `mail` is for what a shopper waits for at the screen (verification, password reset),
   * `bulkMail` for everything else (orders, stock alerts), which may come by the thousand. With `tx`, it is
   * queued only if that transaction commits.
   */
  send(message: MailMessage, options: { queue: MailQueue; key?: string; tx?: Tx }): Promise<void>;
  /**
   * Forgets every message to `address`, sent or waiting: its jobs (which hold the whole message) and what the
   * transport kept. On a person's erasure, after its transaction committed.
   */
  forget?(address: string): Promise<void>;
}

function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
}

/**
 * How long an SMTP server may keep a send waiting: to connect, to greet, and between replies. A send gives
 * up well within its job's 30 s expiry (jobs.ts), so a job is only ever retried elsewhere once its first
 * attempt is over or its instance is gone. Nodemailer's own defaults are 2 minutes, 30 s and 10 minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 8_000, socketTimeout: 15_000 };

/** Real SMTP (SMTP_URL), e.g. smtp://user:pass@mail.example.com:587. */
function smtpTransport(url: string, from: string): MailTransport {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    forget: async () => {},
  };
}

/** An e-mail address as a log may show it: its first character and its domain (`s***@example.com`). */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? '***' : `${address[0]}***${address.slice(at)}`;
}

/**
 * Without SMTP: each message becomes a JSON file in the outbox folder. The log names its subject, and its
 * recipient and links only when `logLinks` (the embedded mode at a developer's machine): elsewhere a log
 * line must not carry a link that signs someone in or resets their password, nor a shopper's address
 * (it shows a masked one).
 */
function outboxTransport(
  dir: string,
  from: string,
  logLinks: boolean,
  log: FastifyBaseLogger,
): MailTransport {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const date = new Date();
      const id = `${date.getTime()}-${randomUUID().slice(0, 8)}`;
      const stored: OutboxMessage = {
        id,
        from,
        date: date.toISOString(),
        links: linksOf(message.text),
        ...message,
      };
      // Written aside and renamed into place, so a reader (the outbox page, a test) never sees half of it.
      const file = path.join(dir, `${id}.json`);
      await writeFile(`${file}.part`, JSON.stringify(stored, null, 2));
      await rename(`${file}.part`, file);
      log.info(
        logLinks
          ? { to: message.to, subject: message.subject, links: stored.links }
          : { to: maskedAddress(message.to), subject: message.subject },
        'mail written to the outbox',
      );
    },
    async forget(address) {
      const wanted = address.toLowerCase();
      for (const message of await readOutbox(dir))
        if (message.to.toLowerCase() === wanted)
          await rm(path.join(dir, `${message.id}.json`), { force: true });
    },
  };
}

/**
 * Every e-mail as a job (decision 17): queued in the database before `send` answers, delivered by a
 * worker of any instance through `transport`, retried with back-off when the server refuses it.
 */
export function queuedMailer(transport: MailTransport, jobs: Jobs): Mailer {
  return {
    kind: transport.kind,
    send: (message, { queue, key, tx }) => jobs.send(queue, message, { key, tx }),
    async forget(address) {
      await jobs.forget(['mail', 'bulkMail'], 'to', address);
      await transport.forget(address);
    },
  };
}

/**
 * Messages each mail worker takes at once and sends together (decision 23): a burst of order e-mail drains
 * 20 at a time, and account e-mail, its own line, goes out between them. A full batch is followed at once
 * by the next; an idle worker asks every second.
 */
export const MAIL_BATCH_SIZE = { mail: 5, bulkMail: 20 } as const satisfies Record<MailQueue, number>;
const MAIL_POLLING_INTERVAL_SECONDS = 1;

/** This instance's mail workers, one per queue. */
export async function deliverQueuedMail(jobs: Jobs, transport: MailTransport): Promise<void> {
  for (const queue of Object.keys(MAIL_BATCH_SIZE) as MailQueue[]) {
    await jobs.work<MailMessage>(queue, (message) => transport.send(message), {
      batchSize: MAIL_BATCH_SIZE[queue],
      pollingIntervalSeconds: MAIL_POLLING_INTERVAL_SECONDS,
    });
  }
}

/**
 * Whether the outbox may log each message's links: only in the embedded mode (PGlite, where the shop is
 * someone trying it at their machine and the links are how they sign in) and never in production.
 */
export function mayLogMailLinks(config: Pick<Config, 'env' | 'database'>): boolean {
  return config.database.kind === 'pglite' && config.env !== 'production';
}

/** The transport: SMTP when SMTP_URL is set, else the outbox folder (its links logged when `logLinks`). */
export function createTransport(
  options: { smtpUrl: string | null; from: string; outboxDir: string; logLinks: boolean },
  log: FastifyBaseLogger,
): MailTransport {
  return options.smtpUrl
    ? smtpTransport(options.smtpUrl, options.from)
    : outboxTransport(options.outboxDir, options.from, options.logLinks, log);
}

/** The outbox, newest first. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  const messages = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMessage),
  );
  return messages.sort((a, b) => b.id.localeCompare(a.id, undefined, { numeric: true }));
}
