import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { post, session, signUp, visit } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let testApp: TestApp;
const inbox: Received[] = [];

/** Undoes quoted-printable line breaks and escapes, enough to read links out of a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function nextMessageTo(email: string): Promise<Received> {
  return vi.waitFor(
    () => {
      const message = inbox.find((candidate) => candidate.to.includes(email));
      if (!message) throw new Error(`No message reached ${email}`);
      return message;
    },
    { timeout: 5_000, interval: 50 },
  );
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, smtpSession, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({ to: smtpSession.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  testApp = await createTestApp({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Sneaker Shop <shop@sneakershop.test>',
      outboxDir: '/nonexistent',
    },
  });
});

afterAll(async () => {
  await testApp?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('sends the verification e-mail over SMTP, and its link verifies the account', async () => {
  const account = await signUp(testApp.app);
  const message = await nextMessageTo(account.email);
  const decoded = decodeQuotedPrintable(message.raw);
  expect(decoded).toContain('From: Sneaker Shop <shop@sneakershop.test>');
  expect(decoded).toMatch(/Subject: Sneaker Shop: verify your e-mail/);
  expect(decoded).toContain('text/html');
  expect(decoded).toContain('text/plain');
  const link = decoded.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0];
  expect(link).toBeTruthy();

  const response = await visit(testApp.app, new URL(String(link).replaceAll('&amp;', '&')), account.cookie);
  expect(response.statusCode).toBe(302);
  expect((await session(testApp.app, account.cookie))?.user.emailVerified).toBe(true);
});

it('has no development outbox when SMTP is configured', async () => {
  expect((await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  expect(
    (await post(testApp.app, '/api/auth/request-password-reset', { email: 'nobody@example.com' })).statusCode,
  ).toBe(200);
});
