import { productIdParamsSchema, SIZE_ADVICE_MIN_BUYERS, sizeAdviceSchema } from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { requireUser } from '../../plugins/session';
import { type SizeAdviceDeps, sizeAdviceFor } from './size-advice';

/** A signed-in shopper's size in a model, from what buyers who kept the shopper's sizes kept in it. */
export const sizeAdviceRoutes: FastifyPluginAsyncZod<{ deps: SizeAdviceDeps }> = async (app, { deps }) => {
  app.get(
    '/api/products/:id/size-advice',
    {
      schema: {
        tags: ['sizes'],
        summary: `Your size in this model (signed in): from a model you kept a size of, the size most buyers who kept that size kept in this one (${SIZE_ADVICE_MIN_BUYERS} buyers at least), or null`,
        params: productIdParamsSchema,
        response: { 200: sizeAdviceSchema, ...refusals(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return sizeAdviceFor(deps, user.id, request.params.id);
    },
  );
};
