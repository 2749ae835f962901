import { countryName, type TaxReport, type TaxReportRow, US_STATES } from '@shop/contracts';
import { useId, useState } from 'react';
import { useCan } from '../../../lib/permissions';
import { QueryStatus } from '../shared/query-status';
import { TableHead } from '../shared/table-head';
import { taxReportCsvUrl, useTaxReport } from './api/tax-report';

/** The last full calendar quarter before `now` (UTC): its first and last days, YYYY-MM-DD. */
export function lastFullQuarter(now = new Date()): { from: string; to: string } {
  const quarter = Math.floor(now.getUTCMonth() / 3);
  const year = quarter === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const first = quarter === 0 ? 9 : (quarter - 1) * 3;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(year, first, 1))),
    to: day(new Date(Date.UTC(year, first + 3, 0))),
  };
}

/** "Germany", "California (US)", or the place as the order named it. */
function rowPlace(row: TaxReportRow): string {
  if (row.region) return `${US_STATES[row.region] ?? row.region} (US)`;
  return countryName(row.country) || row.jurisdiction || 'Unknown';
}

function ReportTable({ report }: { report: TaxReport }) {
  const money = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: report.currency || 'USD' }).format(amount);
  const figures = ['Net sales', 'Tax', 'Orders', 'Refunded net', 'Refunded tax'];
  return (
    <div className="admin-tax__table-wrap">
      <table className="admin-table admin-tax__table admin-tax__report">
        <caption className="visually-hidden">{`Tax report, ${report.from} to ${report.to}`}</caption>
        <TableHead columns={['Place', 'Rate']} figures={figures} />
        <tbody>
          {report.rows.map((row) => (
            <tr key={`${row.jurisdiction}-${row.rateType}-${row.rate}-${row.reason}`}>
              <th scope="row" className="admin-table__wide">
                {rowPlace(row)}
              </th>
              <td data-label="Rate">
                {row.rate === null ? (
                  <span className="admin-tax__reason">{row.reason ?? 'none'}</span>
                ) : (
                  `${row.rate}% ${row.rateType}`
                )}
              </td>
              <td data-label="Net sales" className="text-end">
                {money(row.net)}
              </td>
              <td data-label="Tax" className="text-end">
                {money(row.tax)}
              </td>
              <td data-label="Orders" className="text-end">
                {row.orders}
              </td>
              <td data-label="Refunded net" className="text-end">
                {money(row.refundedNet)}
              </td>
              <td data-label="Refunded tax" className="text-end">
                {money(row.refundedTax)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="admin-table__wide">
              Total
            </th>
            <td data-label="Net sales" className="text-end">
              {money(report.totals.net)}
            </td>
            <td data-label="Tax" className="text-end">
              {money(report.totals.tax)}
            </td>
            <td data-label="Orders" className="text-end">
              {report.totals.orders}
            </td>
            <td data-label="Refunded net" className="text-end">
              {money(report.totals.refundedNet)}
            </td>
            <td data-label="Refunded tax" className="text-end">
              {money(report.totals.refundedTax)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The tax report: a period (the last full quarter unless changed), its sales and refunds per place and rate
 * with their totals, and the CSV to file from.
 */
export function ReportSection({ now }: { now?: Date }) {
  const id = useId();
  const [period, setPeriod] = useState(() => lastFullQuarter(now));
  const canExport = useCan('exports.read');
  const valid = DAY.test(period.from) && DAY.test(period.to) && period.from <= period.to;
  const report = useTaxReport(period.from, period.to, valid);
  return (
    <section className="admin-tax__section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="admin-tax__title">
        Report
      </h3>
      <p className="admin-intro">
        The orders paid in the period, per country or US state and rate, and the refunds made in it. The CSV
        lists the One-Stop-Shop return's lines first. It helps an accountant file; it is not legal advice.
      </p>
      <div className="admin-tax__period">
        <div>
          <label className="form-label" htmlFor={`${id}-from`}>
            Period from
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="form-control"
            value={period.from}
            onChange={(event) => setPeriod({ ...period, from: event.target.value })}
          />
        </div>
        <div>
          <label className="form-label" htmlFor={`${id}-to`}>
            Period to
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="form-control"
            value={period.to}
            aria-invalid={valid ? undefined : true}
            aria-describedby={valid ? undefined : `${id}-invalid`}
            onChange={(event) => setPeriod({ ...period, to: event.target.value })}
          />
        </div>
        {valid && canExport ? (
          <a className="btn btn-outline-dark" href={taxReportCsvUrl(period.from, period.to)} download>
            Download CSV
          </a>
        ) : null}
      </div>
      {valid ? null : (
        <p id={`${id}-invalid`} className="text-danger">
          Choose two dates, the second not before the first.
        </p>
      )}
      {!valid ? null : report.isPending || report.isError ? (
        <QueryStatus query={report} what="the tax report" spacing="py-4" dismissible />
      ) : report.data.rows.length === 0 ? (
        <p className="admin-tax__empty">No order was paid and nothing was refunded in this period.</p>
      ) : (
        <ReportTable report={report.data} />
      )}
    </section>
  );
}
