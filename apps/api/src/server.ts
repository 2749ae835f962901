import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);

if (config.seedOnStart) {
  // Loaded only when seeding: a shop started with SEED_ON_START=false never needs the seed's data or code.
  const { seedDatabase } = await import('./db/seed/seed');
  const { seedAccounts } = await import('./db/seed/accounts');
  const summary = await seedDatabase(app.db, config);
  app.log.info(summary, 'catalogue seeded');
  const created = await seedAccounts(app.auth, config.accounts);
  if (created.length > 0) app.log.info({ created }, 'accounts seeded');
}

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
console.log(`\n${lines.join('\n')}\n`);
