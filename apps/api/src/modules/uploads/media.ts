import type { DbOrTx } from '../../db/client';
import type { MediaTable } from '../../lib/storage';
import * as repository from './media.repository';

/** The `media` table as the shop's storage keeps files in it (lib/storage.ts, with PostgreSQL). */
export function mediaTable(db: DbOrTx): MediaTable {
  return {
    insert: (file) => repository.insertMedia(db, file),
    find: (key) => repository.findMedia(db, key),
    exists: (key) => repository.mediaExists(db, key),
    remove: (key) => repository.removeMedia(db, key),
  };
}
