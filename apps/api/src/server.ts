import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDatabase } from './db/seed/seed';

const config = loadConfig();
const app = await buildApp(config);

if (config.seedOnStart) {
  const summary = await seedDatabase(app.db, config);
  app.log.info(summary, 'catalogue seeded');
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
console.log(`\nSneaker shop is running at ${config.siteUrl}\n`);
