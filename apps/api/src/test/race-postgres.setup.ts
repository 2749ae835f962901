import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the race suites create their databases on (race-postgres.global.ts). */
    racePostgresUrl: string;
  }
}

/**
 * Runs before each race suite: its databases are made on PostgreSQL, never on PGlite, where a race cannot
 * happen (createTestDatabase reads TEST_DATABASE_URL).
 */
const url = inject('racePostgresUrl');
if (!url) throw new Error('A race suite runs on PostgreSQL only, and no server was given to it');
process.env.TEST_DATABASE_URL = url;
