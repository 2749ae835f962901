import type { TaxRate, TaxRateBody } from '@shop/contracts';
import { StaffField, StaffFormFrame } from '../shared/staff-form';
import { type FieldErrors, useStaffForm } from '../shared/use-staff-form';
import { useSaveTaxRate } from './api/tax-rates';
import { endedRateBody } from './rate-form-values';
import { placeName } from './tax-places';

interface EndRateFormProps {
  rate: TaxRate;
  onSaved: (rate: TaxRate) => void;
  onCancel: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** End a rate: its last day (today unless told); orders already placed keep the tax they were charged. */
export function EndRateForm({ rate, onSaved, onCancel }: EndRateFormProps) {
  const save = useSaveTaxRate();
  const form = useStaffForm({
    initial: { to: today() },
    fields: ['to'] as const,
    bodyOf: (values: { to: string }): { body: TaxRateBody } | { errors: FieldErrors<'to'> } =>
      values.to.trim() === ''
        ? { errors: { to: 'is required: a date such as 2027-01-01' } }
        : { body: endedRateBody(rate, values.to.trim()) },
    fieldOf: (serverField: string) => (serverField === 'to' ? 'to' : undefined),
    save: (body) => save.mutateAsync({ id: rate.id, body }),
    saving: save.isPending,
    onSaved,
    notSaved: 'The rate was not ended',
    messageOnlyWithoutFields: true,
  });

  return (
    <StaffFormFrame
      form={form}
      title={`End the ${rate.category} rate of ${placeName(rate)} (${rate.rate}%)`}
      className="admin-form admin-tax__form"
      heading={{ level: 'h3', className: 'admin-tax__form-title' }}
      submitLabel="End rate"
      onCancel={onCancel}
    >
      <div className="admin-fields admin-tax__fields">
        <StaffField
          {...form.bind('to')}
          label="Last day"
          hint="A date such as 2027-01-01 (UTC): the rate applies until the end of that day."
        />
      </div>
    </StaffFormFrame>
  );
}
