import { countryName, type TaxRate } from '@shop/contracts';
import { useId, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { ConfirmDelete } from '../shared/confirm-delete';
import { QueryStatus } from '../shared/query-status';
import { StaffSelect } from '../shared/staff-select';
import { useDeleteTaxRate, useTaxRates } from './api/tax-rates';
import { EndRateForm } from './end-rate-form';
import { RateForm } from './rate-form';
import { RatesTable, sortRates } from './rates-table';
import { placeName } from './tax-places';

export const DELETE_RATE_TITLE = 'Delete this tax rate?';
const ALL = '';

type Editing = { end: false; rate: TaxRate | null } | { end: true; rate: TaxRate } | null;

const describe = (rate: TaxRate) => `The ${rate.category} rate of ${placeName(rate)} (${rate.rate}%)`;

/** The countries the table has rates for, by name, after "All". */
function filterOptions(rates: readonly TaxRate[]) {
  const codes = [...new Set(rates.map((rate) => rate.country))];
  return codes
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The rate table, one country at a time (the home country first; "All" shows every place): Edit, End (its
 * last day) and Delete after asking, and a form to add a rate. Overlapping days are refused under From.
 */
export function RatesSection({ homeCountry }: { homeCountry: string | undefined }) {
  const id = useId();
  const rates = useTaxRates();
  const remove = useDeleteTaxRate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const options = rates.data ? filterOptions(rates.data) : [];
  const home = options.some((option) => option.value === homeCountry) ? (homeCountry ?? ALL) : ALL;
  const country = chosen ?? home;
  const shown = sortRates((rates.data ?? []).filter((rate) => country === ALL || rate.country === country));
  const closeForm = (message: string | null) => {
    setEditing(null);
    if (message) setDone(message);
    heading.current?.focus();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting);
    setDone(`${describe(deleting)} was deleted.`);
    setDeleting(null);
  };
  const act = (next: Editing) => {
    setDone(null);
    setEditing(next);
  };

  return (
    <section className="admin-tax__section" aria-labelledby={`${id}-heading`}>
      <div className="admin-head admin-head--actions">
        <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-tax__title">
          Rates
        </h3>
        {editing ? null : (
          <button type="button" className="btn btn-dark" onClick={() => act({ end: false, rate: null })}>
            Add a rate
          </button>
        )}
      </div>
      <p className="admin-intro">
        The rates in force on an order's day apply where the shop is registered. A changed rate applies to new
        orders only.
      </p>
      {done ? (
        <AlertSuccess key={done} message={done} onClose={() => setDone(null)} className="mb-3" />
      ) : null}
      {editing?.end ? (
        <EndRateForm
          key={`end-${editing.rate.id}`}
          rate={editing.rate}
          onSaved={(saved) => closeForm(`${describe(saved)} ends on ${saved.to}.`)}
          onCancel={() => closeForm(null)}
        />
      ) : editing ? (
        <RateForm
          key={editing.rate?.id ?? 'new'}
          rate={editing.rate}
          country={country}
          onSaved={(saved, added) => closeForm(`${describe(saved)} was ${added ? 'added' : 'saved'}.`)}
          onCancel={() => closeForm(null)}
        />
      ) : null}
      {rates.isPending || rates.isError ? (
        <QueryStatus query={rates} what="the tax rates" spacing="py-4" dismissible />
      ) : (
        <>
          <div className="admin-toolbar admin-tax__filter">
            <StaffSelect
              id={`${id}-country`}
              label="Show the rates of"
              value={country}
              options={options}
              empty="All countries"
              onChange={(value) => setChosen(value)}
            />
            <p className="admin-tax__count" role="status">
              {`${shown.length} of ${rates.data.length} rates`}
            </p>
          </div>
          {shown.length === 0 ? (
            <p className="admin-tax__empty">No rates: add one.</p>
          ) : (
            <RatesTable
              rates={shown}
              caption={country === ALL ? 'Tax rates, every place' : `Tax rates of ${countryName(country)}`}
              onEdit={(rate) => act({ end: false, rate })}
              onEnd={(rate) => act({ end: true, rate })}
              onDelete={(rate) => {
                setDone(null);
                remove.reset();
                setDeleting(rate);
              }}
            />
          )}
        </>
      )}
      <ConfirmDelete
        show={deleting !== null}
        title={DELETE_RATE_TITLE}
        busy={remove.isPending}
        error={remove.error ? remove.error.message : null}
        onConfirm={() => {
          confirmDelete().catch(() => undefined);
        }}
        onCancel={() => setDeleting(null)}
        onExited={() => heading.current?.focus()}
      >
        {deleting ? (
          <p className="mb-0">
            <strong>{describe(deleting)}</strong> will no longer apply. Orders already placed keep the tax
            they were charged; to stop it from a day on, End it instead.
          </p>
        ) : null}
      </ConfirmDelete>
    </section>
  );
}
