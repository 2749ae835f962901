import {
  type AdminProductListQuery,
  type ProductsTaxCategoryResult,
  TAX_CATEGORY_BULK_MAX,
  type TaxCategory,
} from '@shop/contracts';
import { AppError } from '../../lib/app-error';
import * as repository from './catalog.repository';
import { pageFilter } from './catalog.service';
import type { ProductAdminDeps } from './products-admin.service';

/**
 * Sets the tax category of every product the staff list's filters match (archived ones too): staff put a
 * whole category of the catalogue (kids' shoes, say) at a reduced or zero rate in one go. Each product
 * changed is one `product.updated` fact, as when its own form changes it; more than TAX_CATEGORY_BULK_MAX
 * matches is a 400 and changes nothing.
 */
export async function setTaxCategoryOf(
  deps: ProductAdminDeps,
  query: AdminProductListQuery,
  taxCategory: TaxCategory,
  actorId: string,
): Promise<ProductsTaxCategoryResult> {
  const filter = await pageFilter(deps.db, query, deps.sizeCharts);
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const targets = await repository.lockTaxCategoryTargets(tx, filter, TAX_CATEGORY_BULK_MAX);
    if (targets.length > TAX_CATEGORY_BULK_MAX) {
      throw AppError.invalid(
        'filters',
        `match more than ${TAX_CATEGORY_BULK_MAX} products: narrow them and change each part in turn`,
      );
    }
    const changing = targets.filter((target) => target.taxCategory !== taxCategory);
    await repository.setTaxCategory(
      tx,
      changing.map((target) => target.id),
      taxCategory,
    );
    for (const target of changing) {
      await publish({
        type: 'product.updated',
        productId: target.id,
        actorId,
        before: { name: target.name, taxCategory: target.taxCategory },
        after: { name: target.name, taxCategory },
      });
    }
    return { updated: changing.length, matched: targets.length };
  });
}
