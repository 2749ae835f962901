import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { send } from './shop';

/** Writes a review through the reviews route as `author` (who bought the product); answers its id. */
export async function writeReview(
  app: FastifyInstance,
  author: { id: string; cookie: string },
  productId: string,
  review: { rating: number; description: string },
): Promise<string> {
  const response = await send(app, 'POST', '/api/reviews', author.cookie, {
    _idProduct: productId,
    _idUser: author.id,
    ...review,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
}
