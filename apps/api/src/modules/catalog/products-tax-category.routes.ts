import {
  adminProductListQuerySchema,
  productsTaxCategoryBodySchema,
  productsTaxCategoryResultSchema,
} from '@shop/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals } from '../../lib/refusals';
import { permitted, requirePermission } from '../../plugins/session';
import type { ProductAdminDeps } from './products-admin.service';
import { setTaxCategoryOf } from './products-tax-category';

/** Staff set the tax category of many products at once: those the staff list's filters match. */
export const productsTaxCategoryRoutes: FastifyPluginAsyncZod<{ deps: ProductAdminDeps }> = async (
  app,
  { deps },
) => {
  app.put(
    '/api/products/tax-category',
    {
      preValidation: permitted('products.write'),
      schema: {
        tags: ['catalogue', 'tax'],
        summary:
          "Set the tax category of every product the staff list's filters match (archived ones too), at most 5,000",
        querystring: adminProductListQuerySchema,
        body: productsTaxCategoryBodySchema,
        response: { 200: productsTaxCategoryResultSchema, ...refusals(400, 401, 403, 409) },
      },
    },
    async (request) =>
      setTaxCategoryOf(
        deps,
        request.query,
        request.body.taxCategory,
        (await requirePermission(request, 'products.write')).id,
      ),
  );
};
