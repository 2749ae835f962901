import { BRANDS, type Brand, COLORS, type Color } from '@shop/contracts';
import type { NewProduct } from '../src/modules/catalog';
import { COLOURWAYS, MODELS, modelProduct, pick, prng, slugify } from '../src/seed/catalogue';

/** How often each brand appears: a real shop carries far more Nike than Gucci. */
const BRAND_WEIGHTS: Record<Brand, number> = {
  nike: 26,
  adidas: 20,
  converse: 12,
  vans: 12,
  other: 16,
  champion: 8,
  gucci: 6,
};

/** Words after the model name (empty: none), drawn for generated products; the search mix uses them too. */
export const EDITIONS = [
  '',
  '',
  '',
  'SE',
  'Premium',
  'Retro',
  'OG',
  'PRM',
  'Vintage',
  'Next Nature',
  'SP',
  'GTX',
  'Low',
  'Mid',
];

function weightedBrand(random: () => number): Brand {
  const total = BRANDS.reduce((sum, brand) => sum + BRAND_WEIGHTS[brand], 0);
  let roll = random() * total;
  for (const brand of BRANDS) {
    roll -= BRAND_WEIGHTS[brand];
    if (roll < 0) return brand;
  }
  return 'other';
}

/**
 * How a model fits against its brand's chart, in half sizes: most are true to size, about one model in ten
 * runs half a size large and one in ten half a size small (the same for every product of the model).
 */
function sizeShiftOf(modelName: string): number {
  let hash = 0;
  for (let i = 0; i < modelName.length; i += 1) hash = (Math.imul(hash, 31) + modelName.charCodeAt(i)) >>> 0;
  const roll = hash % 10;
  return roll === 0 ? 1 : roll === 1 ? -1 : 0;
}

/** Share of generated products on sale: a compare-at price 10% to 50% above their price. */
const SALE_SHARE = 0.1;

/**
 * `count` products in the seed catalogue's style (same models, colourways, descriptions, stock and
 * rating rules), varied enough for realistic filters and search: weighted brands, every colour,
 * editions, prices spread around each model's price, a tenth on sale, some models running small or large.
 * Deterministic. No pictures are drawn.
 */
export function generateBenchProducts(count: number, seed = 424242): NewProduct[] {
  const random = prng(seed);
  // A stream of its own, so the products are the same as before sales were drawn, bar their compare-at price.
  const sales = prng(seed ^ 0x5a1e);
  const products: NewProduct[] = [];
  for (let i = 0; i < count; i += 1) {
    const brand = weightedBrand(random);
    const model = pick(random, MODELS[brand]);
    const color = pick(random, COLORS) as Color;
    const colourway = pick(random, COLOURWAYS[color]);
    const edition = pick(random, EDITIONS);
    const name = [model.name, edition, colourway].filter(Boolean).join(' ').slice(0, 50);
    const slug = `${slugify(`${brand} ${name}`)}-${i}`;
    const { silhouette: _silhouette, ...product } = modelProduct(random, {
      slug,
      name,
      brand,
      model,
      color,
      colourway,
      priceSpread: [0.7, 0.7],
    });
    const onSale = sales() < SALE_SHARE;
    const compareAtPriceCents = onSale ? Math.round(product.priceCents * (1.1 + sales() * 0.4)) : null;
    products.push({ ...product, compareAtPriceCents, sizeShift: sizeShiftOf(model.name) });
  }
  return products;
}
