import { describe, expect, it } from 'vitest';
import { newProduct } from '../../test/buyers';
import { testShop } from '../../test/test-shop';
import { findProductById } from './catalog.repository';
import { addProducts } from './catalog.service';

const { app } = testShop();

const HOSTILE =
  '<p onclick="steal()">Light and <b>fast</b>.</p><script>alert(1)</script><img src=x onerror="alert(2)">' +
  '<a href="javascript:alert(3)">more</a><iframe src="https://evil.example"></iframe><style>*{}</style>';

describe('product descriptions', () => {
  it('are stored sanitised, so every client is served safe HTML', async () => {
    const created = await addProducts(app().db, [
      newProduct({ name: 'Hostile Runner', rating: 3, description: HOSTILE }),
    ]);
    const id = created.get('hostile-runner') ?? '';
    const safe = '<p>Light and <b>fast</b>.</p>more';
    expect((await findProductById(app().db, id))?.description).toBe(safe);

    const response = await app().inject({ method: 'GET', url: `/api/products/details/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json<[{ description: string }]>()[0].description).toBe(safe);
  });
});
