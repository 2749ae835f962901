import type { Brand, Category, Color, Gender, TaxCategory } from '@shop/contracts';

/** A product as it is added to the catalogue (the staff's form, the seed), before the catalogue writes it. */
export interface NewProduct {
  slug: string;
  name: string;
  brand: Brand;
  priceCents: number;
  /** The price before the sale (above `priceCents`), or null (the default) when not on sale. */
  compareAtPriceCents?: number | null;
  /** Comes from the product's reviews (0 until it has one); only tests set it here. */
  rating?: number;
  /** Already sanitised HTML. */
  description: string;
  genders: Gender[];
  categories: Category[];
  color: Color;
  collection: string;
  releaseDate: string;
  cardPicture: string;
  detailPicture: string;
  originalPicture: string;
  featuredSlot?: number | null;
  /** What the product is taxed as; standard (the default) when left out. */
  taxCategory?: TaxCategory;
  /** How the model fits against its brand's chart, in half sizes (0, the default: true to the chart). */
  sizeShift?: number;
  /** Its GTIN (EAN/UPC), or null (the default). */
  gtin?: string | null;
  /** Units per size, keyed by size ("6", "6.5"). */
  stock: Record<string, number>;
}
