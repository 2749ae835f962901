import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded pictures live. Local disk here; an S3-compatible store implements the same two calls. */
export interface Storage {
  /** Stores `data` under `key` (e.g. avatars/abc.webp) and answers its public URL path. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Whether a file is stored under `key`. */
  has(key: string): Promise<boolean>;
}

export function localStorage(uploadsDir: string): Storage {
  const pathOf = (key: string) => {
    const target = path.join(uploadsDir, key);
    if (!target.startsWith(path.join(uploadsDir, path.sep))) throw new Error(`Bad storage key ${key}`);
    return target;
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, target);
      return `/uploads/${key}`;
    },
    async has(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
