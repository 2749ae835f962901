import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { mediaTable } from '../modules/uploads';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { createStorage, databaseStorage, localStorage, type Storage } from './storage';

let testDatabase: TestDatabase;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-storage-'));
  // A file beside the uploads folder, which no key may reach.
  writeFileSync(path.join(dataDir, 'secret.webp'), 'not for the public');
});

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ESCAPING_KEYS = [
  '../secret.webp',
  'avatars/../../secret.webp',
  'avatars/..',
  '/etc/passwd',
  '//secret.webp',
  'avatars//x.webp',
  'avatars\\..\\..\\secret.webp',
  '.hidden',
  'avatars/.x.webp',
  'avatars/',
  '',
];

const storages: [string, () => Storage][] = [
  ['the disk', () => localStorage(path.join(dataDir, 'uploads'))],
  ['the database', () => databaseStorage(mediaTable(database.db))],
];

describe.each(storages)('storage on %s', (_where, make) => {
  const picture = Buffer.from('RIFF....WEBPVP8 a picture');

  it('stores a file and answers its URL, its bytes, type and time', async () => {
    const storage = make();
    const before = Date.now();
    expect(await storage.has('avatars/one.webp')).toBe(false);
    expect(await storage.get('avatars/one.webp')).toBeNull();
    expect(await storage.put('avatars/one.webp', picture, 'image/webp')).toBe('/uploads/avatars/one.webp');
    expect(await storage.has('avatars/one.webp')).toBe(true);
    const stored = await storage.get('avatars/one.webp');
    expect(stored?.data.equals(picture)).toBe(true);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.storedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await storage.has('avatars')).toBe(false);
    expect(await storage.get('avatars')).toBeNull();
  });

  it('takes a second put of a key without failing, as instances seeding together do', async () => {
    const storage = make();
    const key = 'products/air-max/card.webp';
    await Promise.all([storage.put(key, picture, 'image/webp'), storage.put(key, picture, 'image/webp')]);
    await storage.put(key, picture, 'image/webp');
    expect((await storage.get(key))?.data.equals(picture)).toBe(true);
  });

  it.each(ESCAPING_KEYS)('refuses the key %j: nothing stored, nothing found', async (key) => {
    const storage = make();
    await expect(storage.put(key, picture, 'image/webp')).rejects.toThrow(/Bad storage key/);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });
});

describe('createStorage', () => {
  it('keeps pictures in the database with PostgreSQL, on the disk with the embedded database', () => {
    const uploadsDir = path.join(dataDir, 'uploads');
    const postgres = { kind: 'postgres', url: 'postgres://shop@db/shop' } as const;
    expect(createStorage({ database: postgres, uploadsDir }, mediaTable(database.db)).location).toMatch(
      /database/,
    );
    const pglite = { kind: 'pglite', dataDir: 'memory://' } as const;
    expect(createStorage({ database: pglite, uploadsDir }, mediaTable(database.db)).location).toBe(
      uploadsDir,
    );
  });
});
