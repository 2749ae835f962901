import { fromCents, type Product } from '@shop/contracts';
import type { ProductRow } from './catalog.repository';

/** Database row to the spec's product shape. The one place catalogue money leaves cents. */
export function toProductWire(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand as Product['brand'],
    price: fromCents(row.priceCents),
    rating: row.rating,
    card_picture: row.cardPicture,
    detail_picture: row.detailPicture,
    original_picture: row.originalPicture,
    description: row.description,
    gender: row.genders as Product['gender'],
    category: row.categories as Product['category'],
    color: row.color as Product['color'],
    collection: row.collection,
    release_date: row.releaseDate,
    stock: row.stock ?? {},
  };
}
