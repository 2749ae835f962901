import { type Credit, type CreditGrantBody, creditGrantBodySchema, formatPrice } from '@shop/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { ApiError } from '../../../lib/api';
import { BusyLabel } from '../busy-label';
import { useGrantCredit } from './api/user-credit';

type Field = 'amount' | 'reason';
type Errors = Partial<Record<Field, string>>;

/** The contract's reasons, field by field, for what was typed. */
function check(amount: string, reason: string): { body: CreditGrantBody } | { errors: Errors } {
  const typed = amount.trim();
  const result = creditGrantBodySchema.safeParse({
    amount: typed === '' || !Number.isFinite(Number(typed)) ? typed : Number(typed),
    reason,
  });
  if (result.success) return { body: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'amount' || field === 'reason') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const { amount, reason } = error.fields;
  return { ...(amount ? { amount } : {}), ...(reason ? { reason } : {}) };
}

interface GrantCreditFormProps {
  /** Who gets the credit, in words ("ana_buyer"). */
  name: string;
  userId: string;
  onGranted: (credit: Credit, amount: number) => void;
}

/**
 * Grant credit, or take some back with a negative amount, with the reason the shopper reads in their
 * history. The contract's reasons show beside the fields before sending, the server's after.
 */
export function GrantCreditForm({ name, userId, onGranted }: GrantCreditFormProps) {
  const id = useId();
  const grant = useGrantCredit(userId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const focusFirst = (found: Errors) => inputs.current[found.amount ? 'amount' : 'reason']?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = check(amount, reason);
    if ('errors' in checked) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    try {
      const credit = await grant.mutateAsync(checked.body);
      setAmount('');
      setReason('');
      onGranted(credit, checked.body.amount);
    } catch (error) {
      const found = serverErrors(error);
      setErrors(found);
      setFailure(error instanceof Error ? error.message : 'The credit was not granted');
      if (found.amount || found.reason) focusFirst(found);
    }
  };

  const described = (field: Field, hint: boolean) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form
      className="admin-user-credit__form"
      noValidate
      onSubmit={submit}
      aria-label={`Grant credit to ${name}`}
    >
      <div>
        <label htmlFor={`${id}-amount`} className="form-label admin-users__label">
          Amount ($)
        </label>
        <input
          ref={(element) => {
            inputs.current.amount = element;
          }}
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          className={`form-control${errors.amount ? ' is-invalid' : ''}`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={described('amount', true)}
        />
        {errors.amount ? (
          <div id={`${id}-amount-error`} className="invalid-feedback">
            Amount {errors.amount}
          </div>
        ) : null}
        <div id={`${id}-amount-hint`} className="form-text">
          A negative amount takes credit back (an adjustment); it cannot take the balance below{' '}
          {formatPrice(0)}.
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="form-label admin-users__label">
          Reason
        </label>
        <input
          ref={(element) => {
            inputs.current.reason = element;
          }}
          id={`${id}-reason`}
          type="text"
          className={`form-control${errors.reason ? ' is-invalid' : ''}`}
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={described('reason', true)}
        />
        {errors.reason ? (
          <div id={`${id}-reason-error`} className="invalid-feedback">
            Reason {errors.reason}
          </div>
        ) : null}
        <div id={`${id}-reason-hint`} className="form-text">
          3 to 200 characters; the shopper reads it in their history.
        </div>
      </div>
      {failure ? <AlertError message={failure} onClose={() => setFailure(null)} className="mb-0" /> : null}
      <div>
        <button type="submit" className="btn btn-dark btn-sm" disabled={grant.isPending}>
          <BusyLabel busy={grant.isPending} busyText="Granting…">
            Grant credit
          </BusyLabel>
        </button>
      </div>
    </form>
  );
}
