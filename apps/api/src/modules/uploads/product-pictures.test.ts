import { beforeAll, describe, expect, it } from 'vitest';
import { type Buyer, quickAdmin, quickBuyers } from '../../test/buyers';
import { expectRefused, outsiders } from '../../test/outsiders';
import { pngPicture, uploadPicture } from '../../test/product-pictures';
import { servedPicture, storedKeys } from '../../test/stored-files';
import { testShop } from '../../test/test-shop';

const { app } = testShop();
let admin: Buyer;

beforeAll(async () => {
  admin = await quickAdmin(app());
});

/** The product picture folders stored. */
async function storedFolders(): Promise<string[]> {
  return [...new Set((await storedKeys(app(), 'products')).map((key) => key.split('/')[1] ?? ''))];
}

const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100" fill="red"/></svg>',
);
const PLAIN_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="red"/></svg>',
);

describe('POST /api/uploads/product', () => {
  it('re-encodes one picture into three WebP sizes under products/<uuid>/', async () => {
    const response = await uploadPicture(app(), admin.cookie, await pngPicture(1000, 1000));
    expect(response.statusCode, response.body).toBe(200);
    const urls = response.json<Record<string, string>>();
    const { default: sharp } = await import('sharp');
    const expected = {
      card_picture: ['card', 480, 360],
      detail_picture: ['detail', 1200, 900],
      original_picture: ['original', 1600, 1200],
    } as const;
    const folders = new Set<string>();
    for (const [field, [name, width, height]] of Object.entries(expected)) {
      const url = urls[field] ?? '';
      const match = /^\/uploads\/products\/([0-9a-f-]{36})\/(\w+)\.webp$/.exec(url);
      expect(match?.[2], url).toBe(name);
      folders.add(match?.[1] ?? '');
      const meta = await sharp(await servedPicture(app(), url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
    }
    expect(folders.size).toBe(1);
  });

  it('refuses everyone but an admin', async () => {
    const [, shopper] = (await quickBuyers(app(), 2, 'shopper')) as [Buyer, Buyer];
    const picture = await pngPicture();
    for (const stranger of [
      ...(await outsiders(app())),
      { name: 'other' as const, cookie: shopper.cookie },
    ]) {
      expectRefused(stranger, await uploadPicture(app(), stranger.cookie, picture));
    }
  });

  const polyglot = async () =>
    Buffer.concat([await pngPicture(), Buffer.from('<script>fetch("https://evil.example")</script>')]);

  const refusals: [string, () => Promise<Buffer> | Buffer, string, number][] = [
    ['a text file', () => Buffer.from('just some words, not a picture'), 'image/png', 415],
    ['an SVG with a script', () => SCRIPTED_SVG, 'image/svg+xml', 400],
    ['an SVG declared as a PNG', () => SCRIPTED_SVG, 'image/png', 400],
    ['a plain SVG', () => PLAIN_SVG, 'image/svg+xml', 400],
    ['a PNG with a script appended', polyglot, 'image/png', 400],
    ['a PNG declared as a JPEG', () => pngPicture(), 'image/jpeg', 415],
    ['a PNG declared as HTML', () => pngPicture(), 'text/html', 415],
    ['an empty file', () => Buffer.alloc(0), 'image/png', 415],
  ];

  it.each(refusals)('refuses %s naming `file`, and stores nothing', async (_label, make, type, status) => {
    const before = await storedFolders();
    const response = await uploadPicture(app(), admin.cookie, await make(), type);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.fields.file, response.body).toBeTypeOf('string');
    expect(await storedFolders()).toEqual(before);
  });

  it('refuses two pictures in one request with 400 naming `file`, and stores nothing', async () => {
    const before = await storedFolders();
    const response = await uploadPicture(app(), admin.cookie, await pngPicture(200, 150), 'image/png', 2);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { file: 'must be one picture: send one file per upload' },
    });
    expect(await storedFolders()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413, and stores nothing', async () => {
    const before = await storedFolders();
    const big = Buffer.concat([await pngPicture(), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await uploadPicture(app(), admin.cookie, big);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error.fields.file).toBe('is larger than 10 MB');
    expect(await storedFolders()).toEqual(before);
  });

  it('refuses a request without a file', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/uploads/product',
      payload: {},
      headers: { origin: 'http://localhost:3000', cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.file).toBeTypeOf('string');
  });
});
