import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Jobs } from '../jobs/jobs';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  date: string;
  /** Every link of the message, so the development page can make them clickable. */
  links: string[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends `message`. The shop's mailer queues it as a job (retried until it goes out); messages queued
   * under one `key` are sent once.
   */
  send(message: MailMessage, options?: { key?: string }): Promise<void>;
}

function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
}

/** Real SMTP (SMTP_URL), e.g. smtp://user:pass@mail.example.com:587. */
function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Without SMTP: each message becomes a JSON file in the outbox folder and its links are logged. */
function outboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
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
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
      log.info(
        { to: message.to, subject: message.subject, links: stored.links },
        'mail written to the outbox',
      );
    },
  };
}

/**
 * Every e-mail as a job (decision 17): queued in the database before `send` answers, delivered by a
 * worker of any instance through `transport`, retried with back-off when the server refuses it.
 */
export function queuedMailer(transport: Mailer, jobs: Jobs): Mailer {
  return {
    kind: transport.kind,
    send: (message, options) => jobs.send('mail', message, { key: options?.key }),
  };
}

/** This instance's mail worker. */
export function deliverQueuedMail(jobs: Jobs, transport: Mailer): Promise<void> {
  return jobs.work<MailMessage>('mail', (message) => transport.send(message));
}

/** The transport: SMTP when SMTP_URL is set, else the outbox folder. */
export function createMailer(
  options: { smtpUrl: string | null; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  return options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.from)
    : outboxMailer(options.outboxDir, options.from, log);
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
