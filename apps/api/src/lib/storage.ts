import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A stored file, with what serving it needs. */
export interface StoredFile {
  data: Buffer;
  contentType: string;
  /** When it was stored (sent as Last-Modified). */
  storedAt: Date;
}

/**
 * Where uploaded pictures live, served at `/uploads/<key>`: the local disk (the embedded mode, one machine)
 * or the database itself (PostgreSQL, shared by every instance; docs/decisions/0018). A bucket would
 * implement the same calls. A key holds one content for good (uploads get fresh names, a seeded shoe is
 * drawn the same every time), which is why its pictures are served as immutable.
 */
export interface Storage {
  /** Where the files are, for the log. */
  readonly location: string;
  /** Stores `data` under `key` (e.g. avatars/abc.webp) and answers its public URL path. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Whether a file is stored under `key`. */
  has(key: string): Promise<boolean>;
  /** The file stored under `key`, or null (also for a key no file can have). */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`, if any (a profile picture, on its owner's erasure). */
  remove(key: string): Promise<void>;
}

/**
 * A key is a relative path of plain names (letters, digits, `.`, `_` and `-`, none starting with a dot):
 * it cannot climb out of the uploads (`..`), start at the root, or name a hidden file.
 */
const KEY = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Bad storage key ${JSON.stringify(key)}`);
  return key;
}

const urlOf = (key: string) => `/uploads/${key}`;

/** The disk stores no type: the name's extension gives it (WebP pictures, and the banner's WebM video). */
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.webm': 'video/webm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** Files under `uploadsDir`, on this machine only: the embedded mode's storage. */
export function localStorage(uploadsDir: string): Storage {
  const pathOf = (key: string) => {
    const target = path.join(uploadsDir, checkedKey(key));
    if (!target.startsWith(path.join(uploadsDir, path.sep))) throw new Error(`Bad storage key ${key}`);
    return target;
  };
  return {
    location: uploadsDir,
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a name of its own and renamed: a reader (or a later seed) never sees half a file,
      // and two writes of one key at once do not share a temporary file.
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, target);
      return urlOf(key);
    },
    async has(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      let file: Awaited<ReturnType<typeof open>>;
      try {
        file = await open(pathOf(key));
      } catch (error) {
        const { code } = error as NodeJS.ErrnoException;
        if (code === 'ENOENT' || code === 'ENOTDIR') return null;
        throw error;
      }
      try {
        const info = await file.stat();
        if (!info.isFile()) return null;
        const contentType = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
        return { data: await file.readFile(), contentType, storedAt: info.mtime };
      } finally {
        await file.close();
      }
    },
    async remove(key) {
      if (isStorageKey(key)) await rm(pathOf(key), { force: true });
    },
  };
}

/** A table of files, shared by every instance on the database (the uploads module's `media`). */
export interface MediaTable {
  /** Stores a file unless its key is taken (a key always holds the same content). */
  insert(file: { key: string; contentType: string; bytes: Buffer; size: number }): Promise<void>;
  find(key: string): Promise<{ bytes: Buffer; contentType: string; createdAt: Date } | null>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** Files in a table of the database: every instance on the database reads what any of them stored. */
export function databaseStorage(media: MediaTable): Storage {
  return {
    location: 'the database (table media)',
    async put(key, data, contentType) {
      await media.insert({ key: checkedKey(key), contentType, bytes: data, size: data.length });
      return urlOf(key);
    },
    async has(key) {
      return isStorageKey(key) && media.exists(key);
    },
    async get(key) {
      const row = isStorageKey(key) ? await media.find(key) : null;
      return row && { data: row.bytes, contentType: row.contentType, storedAt: row.createdAt };
    },
    async remove(key) {
      if (isStorageKey(key)) await media.remove(key);
    },
  };
}

/**
 * The storage the configuration calls for: the database itself with PostgreSQL (instances behind a load
 * balancer share it, and nothing else), the local disk with the embedded database.
 */
export function createStorage(
  config: { database: { kind: 'pglite' | 'postgres' }; uploadsDir: string },
  media: MediaTable,
): Storage {
  return config.database.kind === 'postgres' ? databaseStorage(media) : localStorage(config.uploadsDir);
}
