import { fromCents, type Product, type ProductSummary } from '@shop/contracts';
import type { ProductRow } from './catalog.repository';
import { priorPriceCents } from './prior-price';

const centsOrNull = (cents: number | null) => (cents === null ? null : fromCents(cents));

/** A product's card: what a list shows of it. The one place a card's money leaves cents. */
export function toProductSummary(
  row: Pick<
    ProductRow,
    'id' | 'name' | 'brand' | 'priceCents' | 'compareAtPriceCents' | 'rating' | 'cardPicture' | 'priceHistory'
  >,
): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    price: fromCents(row.priceCents),
    compareAtPrice: row.compareAtPriceCents == null ? null : fromCents(row.compareAtPriceCents),
    priorPrice: centsOrNull(priorPriceCents(row.priceHistory)),
    rating: row.rating,
    card_picture: row.cardPicture,
  };
}

/** Database row to the spec's product shape: its card and the rest of it. */
export function toProductWire(row: ProductRow): Product {
  return {
    ...toProductSummary(row),
    detail_picture: row.detailPicture,
    original_picture: row.originalPicture,
    description: row.description,
    gender: row.genders,
    category: row.categories,
    color: row.color,
    collection: row.collection,
    release_date: row.releaseDate,
    stock: row.stock ?? {},
    taxCategory: row.taxCategory,
    sizeShift: row.sizeShift,
    gtin: row.gtin,
  };
}
