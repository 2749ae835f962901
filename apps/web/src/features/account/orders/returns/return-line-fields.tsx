import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '@shop/contracts';
import { exchangeSizes, type ReturnableLine } from './return-rules';
import type { LineChoice, ReturnFormErrors } from './use-return-form';

interface ReturnLineFieldsProps {
  /** Prefix of the fields' ids. */
  id: string;
  index: number;
  line: ReturnableLine;
  /** A size of the line's product as the shopper reads it ('EU 44 (US 10)'). */
  sizeLabel: (size: string) => string;
  choice: LineChoice;
  errors: ReturnFormErrors;
  /** Units on sale per size of this product; undefined while they load or when they could not be read. */
  stock: Readonly<Record<string, number>> | undefined;
  stockLoading: boolean;
  onChange: (change: Partial<LineChoice>) => void;
}

/** The error under a field, tied to it by id. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  );
}

/** What the exchange offers: the sizes in stock, or why there are none. */
function sizesHint(loading: boolean, stock: ReturnLineFieldsProps['stock'], sizes: string[]): string | null {
  if (loading) return 'Checking which sizes are in stock…';
  if (!stock) return 'We could not check the other sizes: you can ask for a refund.';
  if (sizes.length === 0) return 'No other size is in stock now: you can ask for a refund.';
  return null;
}

/**
 * One line of the order in the return form: the pair, how many go back (up to what can still be returned),
 * why, and a refund or an exchange for another size that has stock.
 */
export function ReturnLineFields({
  id,
  index,
  line,
  sizeLabel,
  choice,
  errors,
  stock,
  stockLoading,
  onChange,
}: ReturnLineFieldsProps) {
  const base = `${id}-line-${index}`;
  const sizes = exchangeSizes(stock, line.size);
  const hint = sizesHint(stockLoading, stock, sizes);
  const countError = errors[`lines.${index}.count`];
  const returning = choice.count > 0;
  // "Choose at least one pair" belongs to every count.
  const countErrorId = countError ? `${base}-count-error` : errors.lines ? `${id}-lines-error` : undefined;
  return (
    <li className={`return-line${returning ? ' return-line--chosen' : ''}`}>
      <div className="return-line__pair">
        <img src={line.img} alt="" width={64} height={48} loading="lazy" className="return-line__img" />
        <div className="return-line__what">
          <p className="return-line__name">{line.name}</p>
          <p className="shop-note">
            Size {sizeLabel(line.size)} · {line.returnable} {line.returnable === 1 ? 'pair' : 'pairs'} can go
            back
          </p>
        </div>
      </div>
      <div className="return-line__count">
        <label htmlFor={`${base}-count`} className="form-label">
          Pairs to send back
          <span className="visually-hidden">
            {' '}
            of {line.name}, size {line.size}
          </span>
        </label>
        <select
          id={`${base}-count`}
          className={`form-select${countError ? ' is-invalid' : ''}`}
          value={choice.count}
          aria-invalid={countErrorId ? true : undefined}
          aria-describedby={countErrorId}
          onChange={(event) => onChange({ count: Number(event.target.value) })}
        >
          <option value={0}>None</option>
          {Array.from({ length: line.returnable }, (_, at) => at + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
        <FieldError id={`${base}-count-error`} message={countError} />
      </div>
      {returning ? (
        <ReasonField
          base={base}
          line={line}
          reason={choice.reason}
          error={errors[`lines.${index}.reason`]}
          onChange={onChange}
        />
      ) : null}
      {returning ? (
        <ResolutionFields
          base={base}
          line={line}
          sizeLabel={sizeLabel}
          choice={choice}
          sizes={sizes}
          hint={hint}
          sizeError={errors[`lines.${index}.exchangeSize`]}
          onChange={onChange}
        />
      ) : null}
    </li>
  );
}

/** Why this line's pairs go back. */
function ReasonField({
  base,
  line,
  reason,
  error,
  onChange,
}: {
  base: string;
  line: ReturnableLine;
  reason: ReturnReason | '';
  error: string | undefined;
  onChange: (change: Partial<LineChoice>) => void;
}) {
  return (
    <div className="return-line__reason">
      <label htmlFor={`${base}-reason`} className="form-label">
        Reason
        <span className="visually-hidden">
          {' '}
          for {line.name}, size {line.size}
        </span>
      </label>
      <select
        id={`${base}-reason`}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={reason}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${base}-reason-error` : undefined}
        onChange={(event) => onChange({ reason: event.target.value as ReturnReason | '' })}
      >
        <option value="">Choose a reason</option>
        {RETURN_REASONS.map((option) => (
          <option key={option} value={option}>
            {RETURN_REASON_LABELS[option]}
          </option>
        ))}
      </select>
      <FieldError id={`${base}-reason-error`} message={error} />
    </div>
  );
}

interface ResolutionFieldsProps {
  base: string;
  line: ReturnableLine;
  sizeLabel: (size: string) => string;
  choice: LineChoice;
  /** Sizes in stock to exchange for. */
  sizes: string[];
  /** Why there is no size to offer, when there is none. */
  hint: string | null;
  sizeError: string | undefined;
  onChange: (change: Partial<LineChoice>) => void;
}

/** What the buyer wants for a line's pairs: a refund, or another size (only sizes in stock are offered). */
function ResolutionFields({
  base,
  line,
  sizeLabel,
  choice,
  sizes,
  hint,
  sizeError,
  onChange,
}: ResolutionFieldsProps) {
  return (
    <fieldset className="return-line__resolution">
      <legend className="form-label">
        What you would like
        <span className="visually-hidden">
          {' '}
          for {line.name}, size {line.size}
        </span>
      </legend>
      <div className="form-check">
        <input
          id={`${base}-refund`}
          type="radio"
          className="form-check-input"
          name={`${base}-resolution`}
          checked={choice.resolution === 'refund'}
          onChange={() => onChange({ resolution: 'refund', exchangeSize: '' })}
        />
        <label htmlFor={`${base}-refund`} className="form-check-label">
          Refund
        </label>
      </div>
      <div className="form-check">
        <input
          id={`${base}-exchange`}
          type="radio"
          className="form-check-input"
          name={`${base}-resolution`}
          checked={choice.resolution === 'exchange'}
          disabled={sizes.length === 0}
          aria-describedby={hint ? `${base}-sizes-hint` : undefined}
          onChange={() => onChange({ resolution: 'exchange' })}
        />
        <label htmlFor={`${base}-exchange`} className="form-check-label">
          Exchange for another size
        </label>
      </div>
      {hint ? (
        <p id={`${base}-sizes-hint`} className="shop-note">
          {hint}
        </p>
      ) : null}
      {choice.resolution === 'exchange' ? (
        <div className="return-line__size">
          <label htmlFor={`${base}-size`} className="form-label">
            New size<span className="visually-hidden"> for {line.name}</span>
          </label>
          <select
            id={`${base}-size`}
            className={`form-select${sizeError ? ' is-invalid' : ''}`}
            value={choice.exchangeSize}
            aria-invalid={sizeError ? true : undefined}
            aria-describedby={sizeError ? `${base}-size-error` : undefined}
            onChange={(event) => onChange({ exchangeSize: event.target.value })}
          >
            <option value="">Choose a size</option>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {sizeLabel(size)}
              </option>
            ))}
          </select>
          <FieldError id={`${base}-size-error`} message={sizeError} />
        </div>
      ) : null}
    </fieldset>
  );
}
