import {
  formatPrice,
  type LowStockSize,
  RETURN_REASON_LABELS,
  SALES_PERIODS,
  type SalesPeriod,
  type SalesReport,
} from '@shop/contracts';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertError } from '../../../components/alert-error';
import { EmptyState } from '../../../components/empty-state';
import { LoadingSpinner } from '../../../components/loading-cards';
import { AbandonedCheckoutsSection } from './abandoned-checkouts';
import { useLowStock } from './api/get-low-stock';
import { toSalesPeriod, useSalesReport } from './api/get-sales-report';
import { SalesChart } from './sales-chart';
import { chartSummary, formatLongDay, formatRate, formatShortDay, pluralise } from './sales-format';
import { SalesSizesSection } from './sales-sizes';
import { ShowMore } from './show-more';
import { ThresholdWarning } from './threshold-warning';
import '../shared/admin.css';
import './sales.css';
import { TableHead } from '../shared/table-head';

export const noSalesText = (days: number) => `No sales in the last ${days} days`;
export const NO_LOW_STOCK_TEXT = 'No size is running low.';

/**
 * /account/sales (admins): the paid orders of the last 30 or 90 days (`?days=`), day by day, the best
 * sellers, the returns and the size table of the period; then the sizes running out (whatever the period),
 * all of them a page at a time; and, for those who may read orders, the abandoned checkouts of the last 90
 * days and what the reminders brought back.
 */
export function AdminSalesTab() {
  const [params, setParams] = useSearchParams();
  const days = toSalesPeriod(params.get('days'));
  const report = useSalesReport(days);
  const headingId = useId();

  const choose = (next: SalesPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === SALES_PERIODS[0]) updated.delete('days');
        else updated.set('days', String(next));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  // While another period loads, the previous one stays on screen, dimmed.
  const shown = report.data;
  const updating = report.isPlaceholderData;

  return (
    <section className="admin-page admin-sales" aria-labelledby={headingId}>
      <div className="admin-head admin-head--end mb-0">
        <div>
          <h2 id={headingId} className="admin-title">
            Sales
          </h2>
          {shown && !updating ? (
            <p className="admin-sales__period">
              Paid orders from {formatLongDay(shown.from)} to {formatLongDay(shown.to)} (UTC)
            </p>
          ) : null}
        </div>
        <PeriodSwitch days={days} onChange={choose} />
      </div>
      <ThresholdWarning />

      {report.isPending ? (
        <LoadingSpinner label="Loading the sales report" />
      ) : report.isError && !shown ? (
        <AlertError
          message={`We could not load the sales report: ${report.error.message}`}
          dismissible={false}
          onRetry={() => report.refetch()}
        />
      ) : shown ? (
        <div className="admin-sales__body" aria-busy={updating}>
          {updating ? (
            <p className="admin-sales__updating" role="status">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              Loading the last {days} days…
            </p>
          ) : null}
          {report.isError ? (
            <AlertError
              message={`We could not load the sales report: ${report.error.message}`}
              dismissible={false}
              onRetry={() => report.refetch()}
            />
          ) : null}
          <Report report={shown} />
          <SalesSizesSection from={shown.from} to={shown.to} />
        </div>
      ) : null}
      <LowStock />
      <AbandonedCheckoutsSection />
    </section>
  );
}

function PeriodSwitch({ days, onChange }: { days: SalesPeriod; onChange: (days: SalesPeriod) => void }) {
  const name = useId();
  return (
    <fieldset className="admin-sales__periods">
      <legend className="visually-hidden">Period</legend>
      <div className="btn-group">
        {SALES_PERIODS.map((period) => (
          <Fragment key={period}>
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${name}-${period}`}
              value={period}
              checked={days === period}
              onChange={() => onChange(period)}
            />
            <label className="btn btn-outline-dark btn-sm" htmlFor={`${name}-${period}`}>
              Last {period} days
            </label>
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}

function Report({ report }: { report: SalesReport }) {
  if (report.totals.orders === 0) return <EmptyState text={noSalesText(report.days)} />;
  return (
    <>
      <Totals report={report} />
      <PerDay report={report} />
      <TopProducts report={report} />
      <Returns report={report} />
    </>
  );
}

function Totals({ report }: { report: SalesReport }) {
  const { revenue, gross, refunded, shipping, orders, averageOrder } = report.totals;
  return (
    <>
      <dl className="sales-tiles">
        <div className="sales-tile">
          <dt className="sales-tile__label">Net revenue</dt>
          <dd className="sales-tile__value">{formatPrice(revenue)}</dd>
        </div>
        <div className="sales-tile">
          <dt className="sales-tile__label">Orders</dt>
          <dd className="sales-tile__value">{orders}</dd>
        </div>
        <div className="sales-tile">
          <dt className="sales-tile__label">Average order</dt>
          <dd className="sales-tile__value">{formatPrice(averageOrder)}</dd>
        </div>
      </dl>
      <dl className="sales-breakdown">
        <div>
          <dt>Taken</dt>
          <dd>{formatPrice(gross)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{refunded === 0 ? formatPrice(0) : `−${formatPrice(refunded)}`}</dd>
        </div>
        <div>
          <dt>Shipping charged</dt>
          <dd>{formatPrice(shipping)}</dd>
        </div>
      </dl>
    </>
  );
}

function PerDay({ report }: { report: SalesReport }) {
  const headingId = useId();
  return (
    <section className="sales-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="sales-card__title">
        Revenue and orders per day
      </h3>
      <SalesChart perDay={report.perDay} summary={chartSummary(report)} />
      <details className="sales-days">
        <summary>Show the figures for each day</summary>
        <div className="table-responsive sales-days__scroll">
          <table className="table table-sm table-striped align-middle mb-0">
            <caption className="visually-hidden">
              Revenue and orders per day, {formatLongDay(report.from)} to {formatLongDay(report.to)} (UTC)
            </caption>
            <TableHead columns={['Day']} figures={['Revenue', 'Orders']} />
            <tbody>
              {report.perDay.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="fw-normal">
                    <time dateTime={day.day}>{formatShortDay(day.day)}</time>
                  </th>
                  <td className="text-end">{formatPrice(day.revenue)}</td>
                  <td className="text-end">{day.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function TopProducts({ report }: { report: SalesReport }) {
  const headingId = useId();
  return (
    <section className="sales-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="sales-card__title">
        Top products
      </h3>
      {report.topProducts.length === 0 ? (
        <p className="text-muted mb-0">No product sold in this period.</p>
      ) : (
        <ol className="sales-top">
          {report.topProducts.map((product, index) => (
            <li key={product._id} className="sales-top__item">
              <span className="sales-top__rank" aria-hidden="true">
                {index + 1}
              </span>
              <img
                className="sales-top__picture"
                src={product.card_picture}
                alt=""
                width={56}
                height={42}
                loading="lazy"
              />
              <div className="sales-top__name">
                <Link to={`/home/${product._id}`} className="sales-top__link">
                  {product.name}
                </Link>
                <span className="sales-top__brand">{product.brand}</span>
              </div>
              <dl className="sales-top__figures">
                <div>
                  <dt className="visually-hidden">Units sold</dt>
                  <dd>{pluralise(product.units, 'pair', 'pairs')}</dd>
                </div>
                <div>
                  <dt className="visually-hidden">Revenue</dt>
                  <dd className="sales-top__revenue">{formatPrice(product.revenue)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The period's returns: how many, why, and the products that come back most with their return rate. */
function Returns({ report }: { report: SalesReport }) {
  const headingId = useId();
  const { returns } = report;
  return (
    <section className="sales-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="sales-card__title">
        Returns
      </h3>
      {returns.returns === 0 ? (
        <p className="text-muted mb-0">No return opened in this period.</p>
      ) : (
        <>
          <p className="sales-card__lead">
            {pluralise(returns.returns, 'return', 'returns')} opened,{' '}
            {pluralise(returns.units, 'pair', 'pairs')} (rejected and cancelled ones left out).
          </p>
          <div className="sales-returns">
            <ReturnReasons byReason={returns.byReason} />
            <ReturnRates products={returns.products} />
          </div>
        </>
      )}
    </section>
  );
}

function ReturnReasons({ byReason }: { byReason: SalesReport['returns']['byReason'] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <caption className="sales-returns__caption">By reason</caption>
        <TableHead columns={['Reason']} figures={['Lines', 'Pairs']} />
        <tbody>
          {byReason.map((row) => (
            <tr key={row.reason}>
              <th scope="row" className="fw-normal">
                {RETURN_REASON_LABELS[row.reason]}
              </th>
              <td className="text-end">{row.lines}</td>
              <td className="text-end">{row.units}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReturnRates({ products }: { products: SalesReport['returns']['products'] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <caption className="sales-returns__caption">Most returned products</caption>
        <TableHead columns={['Product']} figures={['Returned', 'Sold', 'Return rate']} />
        <tbody>
          {products.map((product) => (
            <tr key={product._id}>
              <th scope="row" className="fw-normal">
                <Link to={`/home/${product._id}`} className="sales-top__link">
                  {product.name || 'A product no longer in the catalogue'}
                </Link>{' '}
                <span className="sales-top__brand">{product.brand}</span>
              </th>
              <td className="text-end">{product.returned}</td>
              <td className="text-end">{product.sold}</td>
              <td className="text-end">{formatRate(product.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Showing 20 of 57 sizes.' */
export const lowStockShown = (shown: number, total: number) =>
  `Showing ${shown} of ${pluralise(total, 'size', 'sizes')}.`;

/**
 * The sizes of products on sale with few units left, fewest first: how many there are, the first page,
 * and 'Show more' for the next until every one shows. The first size a page adds gets the focus.
 */
function LowStock() {
  const headingId = useId();
  const low = useLowStock();
  const table = useRef<HTMLTableElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const pages = low.data?.pages ?? [];
  const first = pages[0];
  const sizes = pages.flatMap((page) => page.sizes);
  const total = pages.at(-1)?.total ?? 0;
  const more = Math.min(first?.sizes.length ?? 0, total - sizes.length);

  useEffect(() => {
    if (focusRow === null || sizes.length <= focusRow) return;
    table.current?.querySelectorAll<HTMLElement>('tbody a')[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow, sizes.length]);

  return (
    <section className="sales-card sales-low-stock" aria-labelledby={headingId}>
      <h3 id={headingId} className="sales-card__title">
        Low stock
      </h3>
      {first ? (
        <p className="sales-card__lead">
          Sizes on sale with {first.threshold} units or fewer, fewest first:{' '}
          <strong>{pluralise(total, 'size', 'sizes')}</strong>.
        </p>
      ) : null}
      {low.isPending ? (
        <LoadingSpinner label="Loading the sizes running low" />
      ) : low.isError && sizes.length === 0 ? (
        <AlertError
          message={`We could not load the sizes running low: ${low.error.message}`}
          dismissible={false}
          onRetry={() => low.refetch()}
        />
      ) : sizes.length === 0 ? (
        <p className="text-muted mb-0">{NO_LOW_STOCK_TEXT}</p>
      ) : (
        <>
          <div className="table-responsive">
            <table ref={table} className="table table-sm align-middle mb-0 sales-low">
              <caption className="visually-hidden">Sizes running low</caption>
              <TableHead columns={['Product', 'Size']} figures={['Units']} />
              <tbody>
                {sizes.map((row) => (
                  <LowStockRow key={`${row._id}-${row.size}`} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <ShowMore
            shown={lowStockShown(sizes.length, total)}
            what="sizes"
            more={more}
            pages={low}
            onMore={() => {
              setFocusRow(sizes.length);
              void low.fetchNextPage();
            }}
          />
        </>
      )}
    </section>
  );
}

function LowStockRow({ row }: { row: LowStockSize }) {
  return (
    <tr className={row.units === 0 ? 'sales-low__row--out' : undefined}>
      <th scope="row" className="fw-normal">
        <Link to={`/home/${row._id}`} className="sales-low__link">
          {row.name}
        </Link>
        <span className="sales-low__brand">{row.brand}</span>
      </th>
      <td>{row.size}</td>
      <td className="text-end">
        {row.units === 0 ? <span className="badge sales-low__badge me-2">Sold out</span> : null}
        {row.units}
      </td>
    </tr>
  );
}
