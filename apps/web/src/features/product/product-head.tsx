import { type DropSummary, getShopCurrency, type ProductDetail } from '@shop/contracts';
import { JsonLd, PageHead } from '../../components/page-head';
import { productShareImage } from '../../lib/page-head';
import { plainText } from '../../lib/plain-text';
import { productStructuredDataQuery, useStructuredData } from '../../lib/structured-data';

/** Drop states before the release: the product can be had only through the drop, later (a pre-order). */
const BEFORE_RELEASE: readonly DropSummary['state'][] = [
  'scheduled',
  'entry_open',
  'entry_closed',
  'drawn',
  'pre_queue',
];

/** The product's availability as Open Graph's product:availability says it. */
export function productAvailability(
  product: Pick<ProductDetail, 'stock'>,
  drop: Pick<DropSummary, 'state'> | null,
): 'in stock' | 'out of stock' | 'preorder' {
  if (drop && BEFORE_RELEASE.includes(drop.state)) return 'preorder';
  return Object.values(product.stock).some((units) => units > 0) ? 'in stock' : 'out of stock';
}

/**
 * The product page's head: its canonical URL (`/home/<id>`, whatever the query), its card with the
 * product's share picture, price and availability, and its JSON-LD as the server loaded it.
 */
export function ProductHead({ product, drop }: { product: ProductDetail; drop: DropSummary | null }) {
  const structuredData = useStructuredData(productStructuredDataQuery(product._id));
  const description =
    plainText(product.description) || `${product.name} by ${product.brand}, in ${product.color}.`;
  return (
    <>
      <PageHead
        title={product.name}
        description={description}
        path={`/home/${encodeURIComponent(product._id)}`}
        type="product"
        image={{ path: productShareImage(product._id), alt: product.name }}
      >
        <meta property="product:price:amount" content={product.price.toFixed(2)} />
        <meta property="product:price:currency" content={getShopCurrency()} />
        <meta property="product:availability" content={productAvailability(product, drop)} />
      </PageHead>
      {structuredData.document ? (
        <JsonLd document={structuredData.document} name={structuredData.name} />
      ) : null}
    </>
  );
}
