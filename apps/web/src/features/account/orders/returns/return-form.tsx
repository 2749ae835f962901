import { type Order, type OrderReturn, RETURN_COMMENT_MAX, type ReturnRefundTo } from '@shop/contracts';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { AlertError } from '../../../../components/alert-error';
import { BusyLabel } from '../../../../components/busy-label';
import type { SizeLabelOf } from '../../../../lib/size-labels';
import { ReturnLineFields } from './return-line-fields';
import { type ReturnFormErrors, useReturnForm } from './use-return-form';

export const RETURN_FORM_TITLE = 'Return or exchange';

interface ReturnFormProps {
  order: Order;
  /** A size as the shopper reads it. */
  labelOf: SizeLabelOf;
  onOpened: (opened: OrderReturn) => void;
  onClose: () => void;
}

/** The id of the first field in error, in the order the form shows them. */
function firstInvalid(id: string, errors: ReturnFormErrors, lineCount: number): string | null {
  for (let index = 0; index < lineCount; index += 1) {
    if (errors[`lines.${index}.count`]) return `${id}-line-${index}-count`;
    if (errors[`lines.${index}.reason`]) return `${id}-line-${index}-reason`;
    if (errors[`lines.${index}.exchangeSize`]) return `${id}-line-${index}-size`;
  }
  if (errors.lines) return `${id}-line-0-count`;
  if (errors.comment) return `${id}-comment`;
  return null;
}

/**
 * The buyer's return form on a shipped order: per line how many pairs go back, why, and a refund or another
 * size in stock; a comment (required when a pair goes back for "Other"). Opening it takes the focus to its heading; a
 * refusal (the form's checks or the server's) takes it to the first field in error.
 */
export function ReturnForm({ order, labelOf, onOpened, onClose }: ReturnFormProps) {
  const id = useId();
  const form = useReturnForm(order, onOpened);
  const heading = useRef<HTMLHeadingElement>(null);
  const { errors } = form;

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = await form.submit();
    const target = firstInvalid(id, found, form.returnable.length);
    if (target) document.getElementById(target)?.focus();
  };

  const { needsComment } = form;
  return (
    <section className="return-form roomy-controls" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="return-form__title">
        {RETURN_FORM_TITLE}
      </h3>
      <p className="return-form__lead">
        Choose the pairs that go back and whether you want your money or another size. Sizes are held for you
        as soon as you ask.
      </p>
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <ul className="return-form__lines list-unstyled" aria-label="Pairs in this order">
          {form.returnable.map((line, index) => (
            <ReturnLineFields
              key={`${line.productId}-${line.size}`}
              id={id}
              index={index}
              line={line}
              sizeLabel={(size) => labelOf(line.productId, size)}
              choice={form.lines[index] ?? { count: 0, resolution: 'refund', exchangeSize: '', reason: '' }}
              errors={errors}
              stock={form.stock.stock.get(line.productId)}
              stockLoading={form.stock.loading && !form.stock.stock.has(line.productId)}
              onChange={(change) => form.changeLine(index, change)}
            />
          ))}
        </ul>
        {errors.lines ? (
          <p id={`${id}-lines-error`} className="return-form__error">
            {errors.lines}
          </p>
        ) : null}

        <div className="return-form__why">
          <div>
            <label htmlFor={`${id}-comment`} className="form-label">
              Comment{needsComment ? '' : ' (optional)'}
            </label>
            <textarea
              id={`${id}-comment`}
              className={`form-control${errors.comment ? ' is-invalid' : ''}`}
              rows={3}
              maxLength={RETURN_COMMENT_MAX}
              value={form.comment}
              required={needsComment}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={errors.comment ? `${id}-comment-error` : undefined}
              onChange={(event) => form.setComment(event.target.value)}
            />
            {errors.comment ? (
              <div id={`${id}-comment-error`} className="invalid-feedback">
                {errors.comment}
              </div>
            ) : null}
          </div>
        </div>

        {form.refunding ? <RefundToFields id={id} value={form.refundTo} onChange={form.setRefundTo} /> : null}
        {form.failure ? (
          <AlertError message={form.failure} onClose={form.dismissFailure} className="mt-3 mb-0" />
        ) : null}

        <div className="return-form__buttons">
          <button type="submit" className="btn btn-accent" disabled={form.busy}>
            <BusyLabel busy={form.busy} text="Send return request" busyText="Sending…" />
          </button>
          <button type="button" className="btn btn-outline-dark" disabled={form.busy} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

export const REFUND_TO_LABELS: Record<ReturnRefundTo, string> = {
  original: 'Back to my original payment',
  credit: 'As store credit',
};

/** Where the refund goes: back to how the order was paid (the default), or as store credit. */
function RefundToFields({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ReturnRefundTo;
  onChange: (next: ReturnRefundTo) => void;
}) {
  return (
    <fieldset className="return-form__refund-to">
      <legend className="form-label">Where should the refund go?</legend>
      {(Object.keys(REFUND_TO_LABELS) as ReturnRefundTo[]).map((option) => (
        <div key={option} className="form-check">
          <input
            id={`${id}-refund-${option}`}
            type="radio"
            name={`${id}-refund-to`}
            className="form-check-input"
            checked={value === option}
            onChange={() => onChange(option)}
          />
          <label htmlFor={`${id}-refund-${option}`} className="form-check-label">
            {REFUND_TO_LABELS[option]}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
