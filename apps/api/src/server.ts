import { networkInterfaces } from 'node:os';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { isDatabaseUnavailable } from './db/unavailable';
import { loadListing } from './modules/catalog';
import { readProviderSettings } from './modules/payments';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1', '[::1]'];

const config = loadConfig(readProviderSettings);
const app = await buildApp(config);

// The job queue marks a job done or failed without waiting for the answer; while the database is away
// that promise fails with nobody to catch it, which would end the process. Such a failure only leaves
// the job to be retried once its time runs out. Any other unhandled rejection still ends the process.
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  app.log.warn({ err: reason }, 'a background database call failed while the database is away');
});

if (config.seedOnStart) {
  // Loaded only when seeding: a shop started with SEED_ON_START=false never needs the seed's data or code.
  const { seedOnStart } = await import('./seed/on-start');
  await seedOnStart(app);
}

// The shoppers' lists answer from memory: read the catalogue into it before taking traffic.
await loadListing(app.db);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
console.log(`\n${banner(config).join('\n')}\n`);

/** What a person starting the shop needs to know: where it is, who can reach it, how to sign in. */
function banner(config: Config): string[] {
  // Embedded mode is for trying the shop: it prints the seeded accounts' passwords; a real database never does.
  const embedded = config.database.kind === 'pglite';
  const credentials = (account: { email: string; password: string }) =>
    embedded ? `${account.email} / ${account.password}` : account.email;
  const lines = [
    `Sneaker shop is running at ${config.siteUrl}`,
    `  admin:     ${credentials(config.accounts.admin)}`,
    `  demo user: ${credentials(config.accounts.demo)}`,
  ];
  if (app.mailer.kind === 'outbox') {
    lines.push(`  mail:      written to ${config.mail.outboxDir}, listed at ${config.siteUrl}/dev/outbox`);
  }
  if (LOOPBACK_NAMES.includes(config.host)) {
    lines.push(
      '  Only this machine can open it. To open it from another machine, start it with',
      `  HOST=0.0.0.0 SITE_URL=http://<this machine's address>:${config.port} npm start`,
    );
  } else {
    const addresses = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
      .map((entry) => `http://${entry?.address}:${config.port}`);
    lines.push(
      `  listening on ${config.host}:${config.port}${addresses.length ? ` (${addresses.join(', ')})` : ''}`,
    );
    if (LOOPBACK_NAMES.includes(new URL(config.siteUrl).hostname)) {
      lines.push(
        '  Set SITE_URL to the address people open, so sign-in, e-mail links and payments work there.',
      );
    }
  }
  return lines;
}
