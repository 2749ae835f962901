import { type Credit, type CreditGrantBody, creditGrantBodySchema, formatPrice } from '@shop/contracts';
import { AlertError } from '../../../components/alert-error';
import { BusyButton } from '../shared/busy-label';
import { StaffField } from '../shared/staff-form';
import { type FieldErrors, useStaffForm } from '../shared/use-staff-form';
import { useGrantCredit } from './api/user-credit';

type Field = 'amount' | 'reason';
const FIELDS: Field[] = ['amount', 'reason'];
const fieldOf = (name: unknown) => FIELDS.find((field) => field === name);

/** The contract's reasons, field by field, for what was typed. */
function check({
  amount,
  reason,
}: Record<Field, string>): { body: CreditGrantBody } | { errors: FieldErrors<Field> } {
  const typed = amount.trim();
  const result = creditGrantBodySchema.safeParse({
    amount: typed === '' || !Number.isFinite(Number(typed)) ? typed : Number(typed),
    reason,
  });
  if (result.success) return { body: result.data };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
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
  const grant = useGrantCredit(userId);
  const form = useStaffForm({
    initial: { amount: '', reason: '' },
    fields: FIELDS,
    bodyOf: check,
    fieldOf,
    save: async (body: CreditGrantBody) => ({ credit: await grant.mutateAsync(body), amount: body.amount }),
    saving: grant.isPending,
    onSaved: ({ credit, amount }) => {
      form.change({ amount: '', reason: '' });
      onGranted(credit, amount);
    },
    notSaved: 'The credit was not granted',
  });

  return (
    <form
      className="admin-user-credit__form"
      noValidate
      onSubmit={form.submit}
      aria-label={`Grant credit to ${name}`}
    >
      <StaffField
        {...form.bind('amount')}
        label="Amount ($)"
        kind="decimal"
        hint={`A negative amount takes credit back (an adjustment); it cannot take the balance below ${formatPrice(0)}.`}
      />
      <StaffField
        {...form.bind('reason')}
        label="Reason"
        maxLength={200}
        hint="3 to 200 characters; the shopper reads it in their history."
      />
      {form.failure ? (
        <AlertError message={form.failure} onClose={form.dismissFailure} className="mb-0" />
      ) : null}
      <div>
        <BusyButton type="submit" className="btn btn-dark btn-sm" busy={form.saving} busyText="Granting…">
          Grant credit
        </BusyButton>
      </div>
    </form>
  );
}
