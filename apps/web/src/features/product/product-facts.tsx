import type { ProductDetail } from '@shop/contracts';
import { capitalize } from '../../lib/catalog/catalog-params';

/** The product's gender, categories and color. */
export function ProductFacts({ product }: { product: ProductDetail }) {
  const gender = product.gender[0];
  return (
    <dl className="product__facts">
      <div>
        <dt>Gender</dt>
        <dd>{gender ? capitalize(gender) : '—'}</dd>
      </div>
      <div>
        <dt>Category</dt>
        <dd>{product.category.map(capitalize).join(', ') || '—'}</dd>
      </div>
      <div>
        <dt>Color</dt>
        <dd>{product.color}</dd>
      </div>
    </dl>
  );
}
