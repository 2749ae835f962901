import type { TestProject } from 'vitest/node';
import { createThrowawayPostgres, dropLeftoverClusters } from './throwaway-postgres';

/** The throwaway clusters of the race suites are named this, then the id of the run's process. */
const FAMILY = 'shopraces';

/**
 * Room for every concurrent request of two race suites at once on a connection of its own (the shared
 * server's 100 hold 40 per file; test/buyers.ts `contendedDatabase`).
 */
const MAX_CONNECTIONS = 300;

/**
 * The race suites' global setup: the PostgreSQL server they run on, handed to their files as
 * `racePostgresUrl` (race-postgres.setup.ts). TEST_DATABASE_URL's server when it is set; otherwise a
 * throwaway cluster made once for the run and removed at its end, or as the run's process exits when it
 * is interrupted (the config leaves the race suites out where no cluster can be made).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const named = process.env.TEST_DATABASE_URL;
  if (named) {
    project.provide('racePostgresUrl', named);
    return undefined;
  }
  dropLeftoverClusters(FAMILY);
  const started = Date.now();
  const cluster = await createThrowawayPostgres(`${FAMILY}${process.pid}`, [
    `max_connections=${MAX_CONNECTIONS}`,
  ]);
  const dropOnExit = () => cluster.dropNow();
  process.once('exit', dropOnExit);
  console.log(
    `Race suites run on a throwaway PostgreSQL (${cluster.how}, ready in ${Date.now() - started} ms)`,
  );
  project.provide('racePostgresUrl', cluster.url);
  return async () => {
    process.off('exit', dropOnExit);
    await cluster.drop();
  };
}
