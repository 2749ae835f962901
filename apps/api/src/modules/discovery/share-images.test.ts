import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@shop/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { archiveProduct, staffProduct } from '../../test/discovery';
import { storedPictures } from '../../test/product-pictures';
import { productInStock, send } from '../../test/shop';
import { testShop } from '../../test/test-shop';

const { app, staff } = testShop({ catalogue: true, staff: true });

/** Fetches a card and checks it is a 1200x630 JPEG. */
async function card(url: string) {
  const response = await send(app(), 'GET', url);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  expect(response.headers.etag).toMatch(/^".+"$/);
  const { width, height, format } = await sharp(response.rawPayload).metadata();
  expect({ width, height, format }).toEqual({
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    format: 'jpeg',
  });
  return response;
}

describe('share cards', () => {
  it("draws a product's 1200x630 JPEG from its own picture, and answers 304 to a client that has it", async () => {
    const made = await staffProduct(app(), staff().cookie, await storedPictures(app(), staff().cookie), {
      name: 'Card & Court Runner',
    });
    const first = await card(`/share/products/${made._id}.jpg`);
    // The product's picture (a plain red PNG) fills the left of the card.
    const { dominant } = await sharp(first.rawPayload)
      .extract({ left: 100, top: 100, width: 300, height: 300 })
      .stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.g).toBeLessThan(100);
    const again = await app().inject({
      method: 'GET',
      url: `/share/products/${made._id}.jpg`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('draws a card for a product whose picture is not stored (the shop mark instead)', async () => {
    const pick = await productInStock(app(), 1);
    await card(`/share/products/${pick.id}.jpg`);
  });

  it('draws the shop card for the other pages', async () => {
    await card('/share/shop.jpg');
  });

  it('answers 404 in the error envelope for an archived or unknown product, 400 for a bad id', async () => {
    const made = await staffProduct(app(), staff().cookie, await storedPictures(app(), staff().cookie));
    await archiveProduct(app(), staff().cookie, made._id);
    for (const id of [made._id, '00000000-0000-4000-8000-000000000000']) {
      const response = await send(app(), 'GET', `/share/products/${id}.jpg`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const bad = await send(app(), 'GET', '/share/products/nope.jpg');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});
