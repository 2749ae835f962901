import type { Readable } from 'node:stream';
import type { SalesSizes } from '@shop/contracts';
import { type CsvValue, csvStream } from '../../lib/csv';

/**
 * The size table's CSV: one row per model and size, in the table's order (the models above the shop's
 * average size return rate first). Each row repeats its model's figures (pairs sold, sent back for size,
 * the rate as a percentage, empty when none sold, and whether it is above the average: yes or no).
 */
const SALES_SIZES_HEADER = [
  'product_id',
  'product_name',
  'brand',
  'model_sold',
  'model_size_returns',
  'model_size_return_rate',
  'above_average',
  'size',
  'sold',
  'size_returns',
  'too_small',
  'too_large',
  'exchanged_up',
  'exchanged_down',
  'fit_small',
  'fit_true',
  'fit_large',
] as const;

/** 0.125 → '12.5'; null → ''. */
const percentage = (rate: number | null) => (rate === null ? '' : String(Math.round(rate * 1000) / 10));

async function* tableRows(table: SalesSizes): AsyncGenerator<CsvValue[][]> {
  yield table.models.flatMap((model) =>
    model.sizes.map((size) => [
      model._id,
      model.name,
      model.brand,
      model.sold,
      model.sizeReturns,
      percentage(model.sizeReturnRate),
      model.aboveAverage ? 'yes' : 'no',
      size.key,
      size.sold,
      size.sizeReturns,
      size.tooSmall,
      size.tooLarge,
      size.exchangedUp,
      size.exchangedDown,
      size.fitSmall,
      size.fitTrue,
      size.fitLarge,
    ]),
  );
}

/** The size table as a CSV: the header, then a row per model and size. */
export function salesSizesCsv(table: SalesSizes): Promise<Readable> {
  return csvStream(SALES_SIZES_HEADER, tableRows(table));
}
