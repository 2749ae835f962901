import { WOMEN_BANNER } from '@shop/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { testShop } from '../test/test-shop';
import { BANNER_KEYS, bannerShoes, shoeAt, writeBannerVideo } from './banner-video';
import { buildCatalogue } from './catalogue';
import { PICTURE_VARIANTS, pictureKey } from './images';
import { drawPicturesAfterStart } from './pictures-on-start';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The first bytes of every Matroska/WebM file (its EBML header). */
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const { app } = testShop();
const [art, other] = buildCatalogue();

beforeAll(async () => {
  // As on start; the background drawing waits for `listen`, which `inject` never calls.
  if (art && other) drawPicturesAfterStart(app(), [art, other]);
});

describe('drawPicturesAfterStart', () => {
  it('draws a product picture somebody asks for before its turn, into the storage', async () => {
    const slug = art?.slug ?? '';
    for (const variant of PICTURE_VARIANTS)
      expect(await app().storage.has(pictureKey(slug, variant.name))).toBe(false);
    const response = await app().inject({ method: 'GET', url: `/uploads/${pictureKey(slug, 'detail')}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    for (const variant of PICTURE_VARIANTS)
      expect(await app().storage.has(pictureKey(slug, variant.name))).toBe(true);
    // Only the product asked for.
    expect(await app().storage.has(pictureKey(other?.slug ?? '', 'card'))).toBe(false);
  });

  it("draws the women's banner asked for before its turn: a WebM video served as one, for a year, in parts", async () => {
    expect(await app().storage.has(BANNER_KEYS.video)).toBe(false);
    const response = await app().inject({ method: 'GET', url: WOMEN_BANNER.video });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['accept-ranges']).toBe('bytes');
    const video = response.rawPayload;
    expect(video.subarray(0, 4).equals(EBML)).toBe(true);
    expect(video.includes('webm')).toBe(true);
    expect(video.includes('V_VP8')).toBe(true);
    // Small enough for a banner: a few hundred kB at most.
    expect(video.length).toBeGreaterThan(50_000);
    expect(video.length).toBeLessThan(300_000);
    const stored = await app().storage.get(BANNER_KEYS.video);
    expect(stored?.contentType).toBe('video/webm');
    expect(stored?.data.equals(video)).toBe(true);

    // A player asks for it in parts.
    const part = await app().inject({
      method: 'GET',
      url: WOMEN_BANNER.video,
      headers: { range: 'bytes=100-' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-${video.length - 1}/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100))).toBe(true);
    const etag = String(response.headers.etag);
    for (const headers of [
      { range: 'bytes=0-9,20-29' },
      { range: 'bytes=x' },
      { range: 'bytes=0-9', 'if-range': '"old"' },
    ]) {
      const whole = await app().inject({ method: 'GET', url: WOMEN_BANNER.video, headers });
      expect(whole.statusCode, JSON.stringify(headers)).toBe(200);
      expect(whole.rawPayload.length).toBe(video.length);
    }
    const current = await app().inject({
      method: 'GET',
      url: WOMEN_BANNER.video,
      headers: { range: 'bytes=0-9', 'if-range': etag },
    });
    expect(current.statusCode).toBe(206);

    // Stored: never drawn again.
    expect(await writeBannerVideo(app().storage)).toBe(0);
    expect((await app().storage.get(BANNER_KEYS.video))?.storedAt).toEqual(stored?.storedAt);
  });

  it("draws the banner's poster, its first frame, as a WebP of the video's size", async () => {
    const response = await app().inject({ method: 'GET', url: WOMEN_BANNER.poster });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([
      'webp',
      WOMEN_BANNER.width,
      WOMEN_BANNER.height,
    ]);
  });
});

describe("the women's banner", () => {
  it("shows four of the catalogue's women's runners, each its own colour", () => {
    const shoes = bannerShoes();
    expect(shoes).toHaveLength(4);
    for (const shoe of shoes)
      expect([shoe.silhouette, shoe.genders.includes('women')]).toEqual(['runner', true]);
    expect(new Set(shoes.map((shoe) => shoe.color)).size).toBe(4);
  });

  it('loops without a jump: one shoe on stage at every frame, the same at the end as at the start', () => {
    const frames = 4 * 36;
    for (let frame = 0; frame < frames; frame += 1) {
      const onStage = [0, 1, 2, 3].filter((shoe) => shoeAt(shoe, frame) !== null);
      expect(onStage, `frame ${frame}`).toHaveLength(1);
    }
    for (const shoe of [0, 1, 2, 3]) expect(shoeAt(shoe, frames)).toEqual(shoeAt(shoe, 0));
    // The poster, frame 0: the first shoe standing on the floor.
    expect(shoeAt(0, 0)).toMatchObject({ lift: 0, speed: 0 });
  });
});
