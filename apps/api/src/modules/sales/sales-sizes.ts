import type { SalesSizeModel, SalesSizeRow, SalesSizes } from '@shop/contracts';
import type { DbOrTx } from '../../db/client';
import * as catalog from '../catalog';
import * as orders from '../orders';
import * as returns from '../returns';
import * as reviews from '../reviews';

const DAY_MS = 86_400_000;

type Figures = Omit<SalesSizeRow, 'key'>;

const noFigures = (): Figures => ({
  sold: 0,
  sizeReturns: 0,
  tooSmall: 0,
  tooLarge: 0,
  exchangedUp: 0,
  exchangedDown: 0,
  fitSmall: 0,
  fitTrue: 0,
  fitLarge: 0,
});

const FIGURES = Object.keys(noFigures()) as (keyof Figures)[];

/** A share to three decimals (0.125), or null when nothing was sold. */
const rateOf = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 1000;

/** The figures of each product's sizes, read from the orders, the returns and the reviews of the period. */
async function figuresPerSize(db: DbOrTx, from: Date, end: Date) {
  const [sold, sent, fit] = await Promise.all([
    orders.unitsSoldPerSize(db, from, end),
    returns.sizeReturnsPerSize(db, from, end),
    reviews.fitAnswersPerSize(db, from, end),
  ]);
  const products = new Map<string, Map<string, Figures>>();
  const of = (productId: string, size: string) => {
    const sizes = products.get(productId) ?? new Map<string, Figures>();
    products.set(productId, sizes);
    const figures = sizes.get(size) ?? noFigures();
    sizes.set(size, figures);
    return figures;
  };
  for (const row of sold) of(row.productId, row.size).sold += row.units;
  for (const row of sent) {
    const figures = of(row.productId, row.size);
    figures.sizeReturns += row.sizeReturns;
    figures.tooSmall += row.tooSmall;
    figures.tooLarge += row.tooLarge;
    figures.exchangedUp += row.exchangedUp;
    figures.exchangedDown += row.exchangedDown;
  }
  for (const row of fit) {
    const figures = of(row.productId, row.size);
    figures.fitSmall += row.small;
    figures.fitTrue += row.true;
    figures.fitLarge += row.large;
  }
  return products;
}

/** A model's sizes in key order, and their sums. */
function modelOf(sizes: Map<string, Figures>): Figures & { sizes: SalesSizeRow[] } {
  const rows = [...sizes]
    .map(([key, figures]) => ({ key, ...figures }))
    .sort((a, b) => Number(a.key) - Number(b.key));
  const sums = noFigures();
  for (const row of rows) for (const figure of FIGURES) sums[figure] += row[figure];
  return { ...sums, sizes: rows };
}

/**
 * Above the average first, by rate (highest first) then pairs sold; then the others by pairs sold; ties by
 * name, then id. Rates are compared unrounded.
 */
function byConcern(a: SalesSizeModel, b: SalesSizeModel): number {
  if (a.aboveAverage !== b.aboveAverage) return a.aboveAverage ? -1 : 1;
  if (a.aboveAverage) {
    const rate = a.sizeReturns * b.sold - b.sizeReturns * a.sold;
    if (rate !== 0) return -rate;
  }
  return b.sold - a.sold || a.name.localeCompare(b.name) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/**
 * The owner's size table of the days [from, to] (YYYY-MM-DD, UTC, both included): per model and size,
 * the pairs sold in the period's paid orders, the pairs sent back for size in the returns opened in it
 * (too small, too large, exchanged up or down) and the fit answers of the reviews written in it. A model's
 * size return rate is its size returns over its pairs sold; the shop's average is every model's together;
 * the models above it come first. Products are named as the catalogue has them now.
 */
export async function salesSizes(db: DbOrTx, from: string, to: string): Promise<SalesSizes> {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
  const perProduct = await figuresPerSize(db, start, end);
  const cards = new Map(
    (await catalog.productCards(db, [...perProduct.keys()])).map((card) => [card.id, card]),
  );
  const made = [...perProduct].map(([id, sizes]) => ({ _id: id, ...modelOf(sizes) }));
  const sold = made.reduce((sum, model) => sum + model.sold, 0);
  const sizeReturns = made.reduce((sum, model) => sum + model.sizeReturns, 0);
  const models = made
    .map(
      (model): SalesSizeModel => ({
        ...model,
        name: cards.get(model._id)?.name ?? '',
        brand: cards.get(model._id)?.brand ?? '',
        sizeReturnRate: rateOf(model.sizeReturns, model.sold),
        // model.sizeReturns / model.sold > sizeReturns / sold, without dividing.
        aboveAverage: model.sold > 0 && sold > 0 && model.sizeReturns * sold > sizeReturns * model.sold,
      }),
    )
    .sort(byConcern);
  return { from, to, sold, sizeReturns, averageSizeReturnRate: rateOf(sizeReturns, sold), models };
}
