import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether PostgreSQL's programs are on this machine's PATH. It imports nothing of the shop, since the root
 * vitest.config.ts asks it whether the race suites can run.
 */

/** True when `command` is a file in one of the PATH's folders. */
export function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, command)));
}

/** Why no throwaway PostgreSQL server can be made here, or null when one can. */
export function throwawayPostgresUnavailable(): string | null {
  if (onPath('pg_createcluster')) return null;
  if (!onPath('initdb') || !onPath('pg_ctl'))
    return 'neither pg_createcluster nor initdb and pg_ctl are on the PATH';
  if (process.getuid?.() === 0 && !onPath('runuser'))
    return 'initdb must run as postgres, and runuser is missing';
  return null;
}
