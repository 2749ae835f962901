import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { post, signUp } from '../../test/accounts';
import { deliveredMail } from '../../test/mail';
import { createTestApp } from '../../test/test-app';
import { readProviderSettings } from '../payments';
import { createTransport, maskedAddress, mayLogMailLinks } from './mailer';

const outboxDir = mkdtempSync(path.join(tmpdir(), 'shop-mail-log-'));
afterAll(() => rmSync(outboxDir, { recursive: true, force: true }));

const message = {
  to: 'someone@example.com',
  subject: 'Sneaker Shop: reset your password',
  text: 'Choose a new password: https://shop.example.com/reset-password/secret-token',
  html: '<a href="https://shop.example.com/reset-password/secret-token">Choose</a>',
};

/** A logger that keeps what `info` was given. */
function recordingLog() {
  const entries: { object: Record<string, unknown>; message: string }[] = [];
  const log = {
    info: (object: Record<string, unknown>, text: string) => entries.push({ object, message: text }),
  } as unknown as FastifyBaseLogger;
  return { log, entries };
}

describe('the outbox log', () => {
  it('names the subject, and the recipient and links only when told it may (else a masked address)', async () => {
    for (const logLinks of [true, false]) {
      const { log, entries } = recordingLog();
      await createTransport({ smtpUrl: null, from: 'shop@example.com', outboxDir, logLinks }, log).send(
        message,
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]?.message).toBe('mail written to the outbox');
      expect(entries[0]?.object).toMatchObject({
        to: logLinks ? message.to : 's***@example.com',
        subject: message.subject,
      });
      if (logLinks)
        expect(entries[0]?.object.links).toEqual(['https://shop.example.com/reset-password/secret-token']);
      else {
        expect(JSON.stringify(entries[0]?.object)).not.toContain('secret-token');
        expect(JSON.stringify(entries[0]?.object)).not.toContain(message.to);
      }
    }
  });

  it('may show links only in the embedded mode, never in production or on PostgreSQL', () => {
    const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/shop-config-test' };
    const postgres = { DATABASE_URL: 'postgres://shop@db:5432/shop' };
    expect(mayLogMailLinks(loadConfig(readProviderSettings, base))).toBe(true);
    expect(mayLogMailLinks(loadConfig(readProviderSettings, { ...base, NODE_ENV: 'test' }))).toBe(true);
    expect(mayLogMailLinks(loadConfig(readProviderSettings, { ...base, NODE_ENV: 'production' }))).toBe(
      false,
    );
    expect(mayLogMailLinks(loadConfig(readProviderSettings, { ...base, ...postgres }))).toBe(false);
    expect(
      mayLogMailLinks(loadConfig(readProviderSettings, { ...base, ...postgres, NODE_ENV: 'production' })),
    ).toBe(false);
  });

  it('of a shop in production holds no link of a verification or password-reset e-mail', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const production = await createTestApp({ env: 'production', logLevel: 'info' }, { logStream: stream });
    try {
      const { app } = production;
      const { email } = await signUp(app);
      expect((await post(app, '/api/auth/request-password-reset', { email })).statusCode).toBe(200);
      const mail = await deliveredMail(app);
      const links = mail.flatMap((sent) => sent.links);
      expect(links.some((link) => link.includes('/reset-password/'))).toBe(true);
      const written = lines.filter((line) => line.includes('mail written to the outbox'));
      expect(written.length).toBe(mail.length);
      for (const line of written) {
        expect(line).toContain(maskedAddress(email));
        expect(line).not.toContain(email);
      }
      for (const link of links) expect(lines.join('')).not.toContain(link);
    } finally {
      await production.close();
    }
  });
});
