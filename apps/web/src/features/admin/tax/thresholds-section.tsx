import type { TaxThresholds, UsThreshold } from '@shop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { errorText } from '../../../lib/api';
import { QueryStatus } from '../shared/query-status';
import { TableHead } from '../shared/table-head';
import { useTaxThresholds, useUpdateTaxThreshold } from './api/tax-thresholds';

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    amount,
  );
const eur = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);

function statusOf(line: { crossed: boolean; near: boolean }) {
  if (line.crossed) return <span className="badge text-bg-danger">Crossed</span>;
  if (line.near) return <span className="badge text-bg-warning">Near</span>;
  return <span className="text-body-secondary">Below</span>;
}

function EuLine({ eu }: { eu: TaxThresholds['eu'] }) {
  if (!eu.applies)
    return (
      <p>
        EU One-Stop-Shop: the shop's home country is outside the EU, so the EUR 10,000 threshold does not
        apply.
      </p>
    );
  return (
    <p>
      EU cross-border sales this year: <strong>{eur(eu.sales)}</strong> of {eur(eu.threshold)} (
      {Math.floor(eu.share * 100)}%, at {eu.eurRate} EUR a unit of the shop's currency) {statusOf(eu)}
    </p>
  );
}

/** Empty is none; otherwise a number (the server refuses what is not one, naming the field). */
const figureOf = (text: string) => (text.trim() === '' ? null : Number(text));

function ThresholdForm({ line, onDone }: { line: UsThreshold; onDone: (message: string | null) => void }) {
  const id = useId();
  const update = useUpdateTaxThreshold();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const [sales, setSales] = useState(line.salesThreshold === null ? '' : String(line.salesThreshold));
  const [transactions, setTransactions] = useState(
    line.transactionsThreshold === null ? '' : String(line.transactionsThreshold),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({
        state: line.state,
        salesThreshold: figureOf(sales),
        transactionsThreshold: figureOf(transactions),
      });
      onDone(`The thresholds of ${line.name} were saved.`);
    } catch {
      // Shown below from update.error.
    }
  };
  return (
    <form className="admin-tax__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="h6" tabIndex={-1} ref={title}>
        {`Thresholds of ${line.name}`}
      </h4>
      <div className="admin-tax__period">
        <div>
          <label className="form-label" htmlFor={`${id}-sales`}>
            Sales threshold (USD, empty for none)
          </label>
          <input
            id={`${id}-sales`}
            className="form-control"
            inputMode="decimal"
            value={sales}
            onChange={(event) => setSales(event.target.value)}
          />
        </div>
        <div>
          <label className="form-label" htmlFor={`${id}-transactions`}>
            Transactions threshold (empty for none)
          </label>
          <input
            id={`${id}-transactions`}
            className="form-control"
            inputMode="numeric"
            value={transactions}
            onChange={(event) => setTransactions(event.target.value)}
          />
        </div>
      </div>
      {update.error ? (
        <p role="alert" className="text-danger">
          {errorText(update.error)}
        </p>
      ) : null}
      <div className="d-flex gap-2 mt-2">
        <button type="submit" className="btn btn-dark" disabled={update.isPending}>
          Save thresholds
        </button>
        <button type="button" className="btn btn-outline-dark" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function UsTable({ lines, onEdit }: { lines: UsThreshold[]; onEdit: (line: UsThreshold) => void }) {
  return (
    <div className="admin-tax__table-wrap">
      <table className="admin-table admin-tax__table">
        <caption className="visually-hidden">US states' economic-nexus thresholds, this year</caption>
        <TableHead
          columns={['State', 'Status']}
          figures={['Sales', 'Sales threshold', 'Transactions', 'Transactions threshold']}
          actions
        />
        <tbody>
          {lines.map((line) => (
            <tr key={line.state} className={line.crossed || line.near ? 'admin-tax__flagged' : undefined}>
              <th scope="row" className="admin-table__wide">
                {line.name}
              </th>
              <td data-label="Status">{statusOf(line)}</td>
              <td data-label="Sales" className="text-end">
                {usd(line.sales)}
              </td>
              <td data-label="Sales threshold" className="text-end">
                {line.salesThreshold === null ? 'none' : usd(line.salesThreshold)}
              </td>
              <td data-label="Transactions" className="text-end">
                {line.transactions}
              </td>
              <td data-label="Transactions threshold" className="text-end">
                {line.transactionsThreshold ?? 'none'}
              </td>
              <td className="admin-table__actions">
                <button
                  type="button"
                  className="btn btn-outline-dark btn-sm"
                  onClick={() => onEdit(line)}
                  aria-label={`Edit the thresholds of ${line.name}`}
                >
                  Edit
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * This year's sales against the thresholds that oblige the shop to register: the EU's One-Stop-Shop (EUR
 * 10,000) and each US state's economic nexus, the crossed and near ones (80 %) first; staff edit a state's.
 */
export function ThresholdsSection() {
  const id = useId();
  const thresholds = useTaxThresholds();
  const [editing, setEditing] = useState<UsThreshold | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="admin-tax__section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-tax__title">
        Thresholds
      </h3>
      <p className="admin-intro">
        This calendar year's sales against the thresholds above which the shop must register to collect tax. A
        guide, not legal advice: national small-business exemptions are not modelled.
      </p>
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mb-3" />
      ) : null}
      {thresholds.isPending || thresholds.isError ? (
        <QueryStatus query={thresholds} what="the thresholds" spacing="py-4" dismissible />
      ) : (
        <>
          <EuLine eu={thresholds.data.eu} />
          {editing ? (
            <ThresholdForm
              key={editing.state}
              line={editing}
              onDone={(message) => {
                setEditing(null);
                setDone(message);
                heading.current?.focus();
              }}
            />
          ) : null}
          <UsTable
            lines={[...thresholds.data.us].sort((a, b) => b.share - a.share || a.name.localeCompare(b.name))}
            onEdit={(line) => {
              setDone(null);
              setEditing(line);
            }}
          />
        </>
      )}
    </section>
  );
}
