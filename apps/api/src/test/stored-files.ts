import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Every key stored under `folder` (e.g. `avatars`), sorted: the files on the disk and the rows of the media
 * table together, so a test reads what was stored whichever storage the app runs with.
 */
export async function storedKeys(app: FastifyInstance, folder: string): Promise<string[]> {
  const { rows } = (await app.db.execute(
    sql`SELECT key FROM media WHERE key LIKE ${`${folder}/%`}`,
  )) as unknown as { rows: { key: string }[] };
  const root = app.config.uploadsDir;
  let files: string[] = [];
  try {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
    files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    // Nothing was ever stored on the disk under that folder.
  }
  return [...rows.map((row) => row.key), ...files].sort();
}

/** A stored picture as the shop serves it, for sharp to read. */
export async function servedPicture(app: FastifyInstance, url: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  return response.rawPayload;
}
