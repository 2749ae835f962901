import {
  BRANDS,
  type Brand,
  type ChartGender,
  chartGenderOf,
  keyLabel,
  type ProductDetail,
  type ShopperSizeSystem,
  type SizeChart,
  sizeLabel,
} from '@shop/contracts';
import { useQueries } from '@tanstack/react-query';
import { productQuery } from './catalog/catalog-queries';
import { knownSizing } from './product-sizing';
import { sizeChartQuery, useSizePrefs } from './sizes';

/**
 * Sizes of lines (cart, orders, returns, alerts, draw entries) in the shopper's size system, with the shop's
 * US key beside them: 'EU 44 (US 10)'. A line's key is labelled through its product's chart, which needs
 * the product's brand and whether it is sized on the men's or the women's chart. What a line does not say
 * is looked up in what the browser already holds (the product's page in the cache, the products it has
 * seen: lib/product-sizing), never asked for per line; the charts are asked for once per brand and gender,
 * and kept for minutes. A product the browser never saw keeps its US key: 'US 10'.
 */

/** A product a line is of, with what the line knows of it. */
export interface SizedProduct {
  id: string;
  brand?: string;
  /** The product's genders, where the line has them (a women's product is sized on the women's chart). */
  genders?: readonly string[];
}

/**
 * A line's size as the shopper reads it: the bare key in US ('10', as the shop always wrote it), else
 * 'EU 44 (US 10)', or 'US 10' where the product's chart is not at hand.
 */
export type SizeLabelOf = (productId: string, key: string) => string;

interface Facts {
  brand: Brand;
  gender: ChartGender;
  /** The product's page's sizes, each in every system: no chart needed. */
  sizes?: ProductDetail['sizes'];
}

const isBrand = (value: string | undefined): value is Brand =>
  value !== undefined && (BRANDS as readonly string[]).includes(value);

const placeOf = (brand: Brand, gender: ChartGender) => `${brand}/${gender}`;

function factsOf(product: SizedProduct, detail: ProductDetail | undefined): Facts | undefined {
  if (detail && isBrand(detail.brand)) {
    return { brand: detail.brand, gender: chartGenderOf(detail.gender), sizes: detail.sizes };
  }
  if (isBrand(product.brand) && product.genders)
    return { brand: product.brand, gender: chartGenderOf(product.genders) };
  // Seen in this browser (the catalogue, a product's page): lib/product-sizing.
  return knownSizing(product.id);
}

/** The label of `key` from the product's page's sizes, the chart, or the key alone. */
function labelFrom(
  facts: Facts | undefined,
  charts: ReadonlyMap<string, SizeChart>,
  key: string,
  system: ShopperSizeSystem,
): string {
  const size = facts?.sizes?.find((candidate) => candidate.key === key);
  if (size) return sizeLabel(size, system);
  const chart = facts && charts.get(placeOf(facts.brand, facts.gender));
  return keyLabel(chart?.rows, key, system);
}

/**
 * How to label the sizes of lines of these products in the shopper's system. The server's render and the
 * browser's first one show the keys as the shop always did; the shopper's system follows once the page is
 * live (nothing is asked for while it is US).
 */
export function useSizeLabels(products: readonly SizedProduct[]): SizeLabelOf {
  const { system } = useSizePrefs();
  const converting = system !== 'US';
  const ids = converting ? [...new Set(products.map((product) => product.id).filter(Boolean))] : [];
  // The products' pages already in the cache (a shopper who came from them), read without asking again.
  const details = useQueries({
    queries: ids.map((id) => ({ ...productQuery(id), enabled: false })),
    combine: (results) => results.map((result) => result.data),
  });
  const facts = new Map<string, Facts>();
  ids.forEach((id, index) => {
    const product = products.find((candidate) => candidate.id === id);
    const found = product && factsOf(product, details[index]);
    if (found) facts.set(id, found);
  });
  const places = [
    ...new Map(
      [...facts.values()]
        .filter((fact) => !fact.sizes)
        .map((fact) => [placeOf(fact.brand, fact.gender), fact] as const),
    ).values(),
  ];
  const charts = useQueries({
    queries: places.map((place) => sizeChartQuery(place.brand, place.gender)),
    combine: (results) => results.map((result) => result.data),
  });
  const chartByPlace = new Map<string, SizeChart>();
  charts.forEach((chart) => {
    if (chart) chartByPlace.set(placeOf(chart.brand, chart.gender), chart);
  });

  return (productId, key) => (converting ? labelFrom(facts.get(productId), chartByPlace, key, system) : key);
}
