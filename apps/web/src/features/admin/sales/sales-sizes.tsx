import type { SalesSizeModel, SalesSizeRow, SalesSizes } from '@shop/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../shared/query-status';
import { ExportLink } from '../shared/toolbar';
import { salesSizesCsvUrl, useSalesSizes } from './api/get-sales-sizes';
import { formatRate, formatShortDay, pluralise } from './sales-format';
import './sales-sizes.css';

export const NO_SIZES_TEXT = 'No pair was sold or sent back for size in this period.';
/** The words beside a model whose size returns run above the shop's average. */
export const ABOVE_AVERAGE_TEXT = 'Above average';
/** How many models show at first, and how many more each 'Show more' adds. */
export const SIZE_MODELS_SHOWN = 20;

/** The size table's columns after the size: what each figure is, in the table's head and on a phone. */
const COLUMNS: { figure: keyof Omit<SalesSizeRow, 'key'>; label: string }[] = [
  { figure: 'sold', label: 'Sold' },
  { figure: 'sizeReturns', label: 'Back for size' },
  { figure: 'tooSmall', label: 'Too small' },
  { figure: 'tooLarge', label: 'Too large' },
  { figure: 'exchangedUp', label: 'Exchanged up' },
  { figure: 'exchangedDown', label: 'Exchanged down' },
  { figure: 'fitSmall', label: 'Fit: small' },
  { figure: 'fitTrue', label: 'Fit: true' },
  { figure: 'fitLarge', label: 'Fit: large' },
];

/**
 * The Sales view's size table for its period (the days [from, to]): per model, the pairs sold and those
 * sent back for size, its sizes one click away; the models whose size returns run above the shop's average
 * first, said in words. The CSV, for members with exports.read, asks for a step-up first.
 */
export function SalesSizesSection({ from, to }: { from: string; to: string }) {
  const headingId = useId();
  const sizes = useSalesSizes(from, to);
  const table = sizes.data;
  return (
    <section
      className="sales-card sales-sizes"
      aria-labelledby={headingId}
      aria-busy={sizes.isPlaceholderData}
    >
      <div className="sales-sizes__head">
        <h3 id={headingId} className="sales-card__title">
          Sizes
        </h3>
        <div className="sales-sizes__export">
          <ExportLink href={salesSizesCsvUrl(from, to)} className="btn-sm">
            <span className="visually-hidden"> of the size table</span>
          </ExportLink>
        </div>
      </div>
      {table ? (
        <>
          {sizes.isError ? <QueryStatus query={sizes} what="the size table" dismissible /> : null}
          <SizesBody table={table} />
        </>
      ) : (
        <QueryStatus query={sizes} what="the size table" spacing="py-4" />
      )}
    </section>
  );
}

/** 'The shop's average: 16.2% (6 of 37 pairs).' */
function averageText(table: SalesSizes): string {
  if (table.averageSizeReturnRate === null) return 'No pair was sold in this period.';
  return `The shop's average: ${formatRate(table.averageSizeReturnRate)} (${table.sizeReturns} of ${pluralise(table.sold, 'pair', 'pairs')}).`;
}

/** How many models run above the average: they come first. */
function aboveText(above: number): string {
  if (above === 0) return 'No model is above it.';
  return above === 1 ? 'The model above it comes first.' : `The ${above} models above it come first.`;
}

function SizesBody({ table }: { table: SalesSizes }) {
  const [shown, setShown] = useState(SIZE_MODELS_SHOWN);
  if (table.models.length === 0) return <p className="text-muted mb-0">{NO_SIZES_TEXT}</p>;
  const above = table.models.filter((model) => model.aboveAverage).length;
  const more = Math.min(SIZE_MODELS_SHOWN, table.models.length - shown);
  return (
    <>
      <p className="sales-card__lead">
        Pairs sent back for size (returned as too small or too large, or exchanged for another size) against
        pairs sold, {formatShortDay(table.from)} to {formatShortDay(table.to)}. {averageText(table)}{' '}
        {aboveText(above)}
      </p>
      <ol className="sales-sizes__models">
        {table.models.slice(0, shown).map((model) => (
          <SizeModel key={model._id} model={model} />
        ))}
      </ol>
      {more > 0 ? (
        <div className="sales-low__more">
          <p className="sales-low__shown" role="status">
            Showing {shown} of {pluralise(table.models.length, 'model', 'models')}.
          </p>
          <button
            type="button"
            className="btn btn-outline-dark btn-sm sales-low__button"
            onClick={() => setShown(shown + SIZE_MODELS_SHOWN)}
          >
            Show {more} more
          </button>
        </div>
      ) : null}
    </>
  );
}

function SizeModel({ model }: { model: SalesSizeModel }) {
  const name = model.name || 'A product no longer in the catalogue';
  return (
    <li className={`sales-size-model${model.aboveAverage ? ' sales-size-model--above' : ''}`}>
      <div className="sales-size-model__head">
        <div className="sales-size-model__name">
          <Link to={`/home/${model._id}`} className="sales-top__link">
            {name}
          </Link>
          <span className="sales-top__brand">{model.brand}</span>
        </div>
        {model.aboveAverage ? (
          <span className="badge sales-size-model__badge">
            <span aria-hidden="true">▲ </span>
            {ABOVE_AVERAGE_TEXT}
          </span>
        ) : null}
      </div>
      <dl className="sales-size-model__figures">
        <div>
          <dt>Sold</dt>
          <dd>{model.sold}</dd>
        </div>
        <div>
          <dt>Back for size</dt>
          <dd>
            {model.sizeReturns} ({formatRate(model.sizeReturnRate)})
          </dd>
        </div>
        <div>
          <dt>Too small / large</dt>
          <dd>
            {model.tooSmall} / {model.tooLarge}
          </dd>
        </div>
        <div>
          <dt>Exchanged up / down</dt>
          <dd>
            {model.exchangedUp} / {model.exchangedDown}
          </dd>
        </div>
        <div>
          <dt>Fit: small / true / large</dt>
          <dd>
            {model.fitSmall} / {model.fitTrue} / {model.fitLarge}
          </dd>
        </div>
      </dl>
      <details className="sales-days sales-size-model__sizes">
        <summary>
          Show {pluralise(model.sizes.length, 'size', 'sizes')}
          <span className="visually-hidden"> of {name}</span>
        </summary>
        <SizeTable name={name} sizes={model.sizes} />
      </details>
    </li>
  );
}

function SizeTable({ name, sizes }: { name: string; sizes: SalesSizeRow[] }) {
  return (
    <table className="table table-sm align-middle mb-0 sales-size-table">
      <caption className="visually-hidden">
        Sizes of {name}: pairs sold, sent back for size, and buyers' fit answers
      </caption>
      <thead>
        <tr>
          <th scope="col">Size</th>
          {COLUMNS.map((column) => (
            <th key={column.figure} scope="col" className="sales-size-table__figure">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sizes.map((size) => (
          <tr key={size.key}>
            <th scope="row" data-label="Size">
              {size.key}
            </th>
            {COLUMNS.map((column) => (
              <td key={column.figure} data-label={column.label} className="sales-size-table__figure">
                {size[column.figure]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
