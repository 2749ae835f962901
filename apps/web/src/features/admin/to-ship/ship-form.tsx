import { CARRIER_LABELS, CARRIERS, type Carrier, type Order, orderName } from '@shop/contracts';
import { type FormEvent, useId } from 'react';
import { BusyButton } from '../shared/busy-label';
import { type LinePick, useShipForm } from './use-ship-form';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="to-ship__error">
      {text}
    </p>
  ) : null;
}

/** One line left to ship: a checkbox to put it in the parcel, and how many of its units. */
function LineRow({
  line,
  error,
  onChange,
}: {
  line: LinePick;
  error: string | undefined;
  onChange: (change: Partial<Pick<LinePick, 'picked' | 'count'>>) => void;
}) {
  const id = useId();
  return (
    <li className="to-ship__line">
      <div className="form-check">
        <input
          id={`${id}-pick`}
          type="checkbox"
          className="form-check-input"
          checked={line.picked}
          onChange={(event) => onChange({ picked: event.target.checked })}
        />
        <label htmlFor={`${id}-pick`} className="form-check-label">
          {line.name}, size {line.size}
          <span className="to-ship__left"> · {line.left} left to ship</span>
        </label>
      </div>
      <label htmlFor={`${id}-count`} className="visually-hidden">
        Units of {line.name}, size {line.size}, in this parcel
      </label>
      <select
        id={`${id}-count`}
        className={`form-select form-select-sm to-ship__count${error ? ' is-invalid' : ''}`}
        value={line.count}
        disabled={!line.picked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange({ count: Number(event.target.value) })}
      >
        {Array.from({ length: line.left }, (_, index) => index + 1).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} text={error} />
    </li>
  );
}

/** "Mark shipped": the lines left (partial shipments allowed), the carrier and the tracking number. */
export function ShipForm({ order, onShipped }: { order: Order; onShipped: (message: string) => void }) {
  const form = useShipForm(order, onShipped);
  const id = useId();
  const { errors } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form
      className="to-ship__form"
      onSubmit={onSubmit}
      noValidate
      aria-label={`Ship order ${orderName(order)}`}
    >
      <h4 className="staff-label">Left to ship</h4>
      <ul className="to-ship__lines" aria-describedby={described('lines')}>
        {form.picks.map((line) => (
          <LineRow
            key={line.key}
            line={line}
            error={errors[line.key]}
            onChange={(change) => form.update(line.key, change)}
          />
        ))}
      </ul>
      <FieldError id={`${id}-lines-error`} text={errors.lines} />
      <div className="to-ship__fields">
        <div>
          <label htmlFor={`${id}-carrier`} className="staff-label">
            Carrier
          </label>
          <select
            id={`${id}-carrier`}
            className={`form-select${errors.carrier ? ' is-invalid' : ''}`}
            value={form.carrier}
            aria-invalid={errors.carrier ? true : undefined}
            aria-describedby={described('carrier')}
            onChange={(event) => form.setCarrier(event.target.value as Carrier | '')}
          >
            <option value="">Choose…</option>
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {carrier === 'other' ? 'Other' : CARRIER_LABELS[carrier]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-carrier-error`} text={errors.carrier} />
        </div>
        <div>
          <label htmlFor={`${id}-tracking`} className="staff-label">
            Tracking number
          </label>
          <input
            id={`${id}-tracking`}
            className={`form-control${errors.trackingNumber ? ' is-invalid' : ''}`}
            value={form.trackingNumber}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={errors.trackingNumber ? true : undefined}
            aria-describedby={described('trackingNumber')}
            onChange={(event) => form.setTrackingNumber(event.target.value)}
          />
          <FieldError id={`${id}-trackingNumber-error`} text={errors.trackingNumber} />
        </div>
      </div>
      {errors.form ? (
        <p className="to-ship__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <BusyButton type="submit" className="btn btn-dark" busy={form.busy} busyText="Saving…">
        Mark shipped
      </BusyButton>
    </form>
  );
}
