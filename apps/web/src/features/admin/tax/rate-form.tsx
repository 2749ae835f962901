import type { TaxRate } from '@shop/contracts';
import { StaffField, StaffFormFrame } from '../shared/staff-form';
import { StaffSelect, TAX_CATEGORY_OPTIONS } from '../shared/staff-select';
import { useStaffForm } from '../shared/use-staff-form';
import { useSaveTaxRate } from './api/tax-rates';
import { newRateValues, RATE_FORM_RULES, rateValuesOf } from './rate-form-values';
import { COUNTRY_OPTIONS, placeName, STATE_OPTIONS } from './tax-places';

interface RateFormProps {
  /** The rate being changed, or null to add one. */
  rate: TaxRate | null;
  /** A new rate's country (the one the table shows), '' for none. */
  country: string;
  onSaved: (rate: TaxRate, added: boolean) => void;
  onCancel: () => void;
}

const DATE_HINT = 'A date such as 2027-01-01 (UTC).';

/** Add or change a rate; the server's reasons (days overlapping another rate) show under their fields. */
export function RateForm({ rate, country, onSaved, onCancel }: RateFormProps) {
  const save = useSaveTaxRate();
  const form = useStaffForm({
    initial: rate ? rateValuesOf(rate) : newRateValues(country),
    ...RATE_FORM_RULES,
    save: (body) => save.mutateAsync({ id: rate?.id ?? null, body }),
    saving: save.isPending,
    onSaved: (saved) => onSaved(saved, rate === null),
    notSaved: 'The rate was not saved',
    messageOnlyWithoutFields: true,
  });

  return (
    <StaffFormFrame
      form={form}
      title={rate ? `Change the ${rate.category} rate of ${placeName(rate)}` : 'Add a rate'}
      className="admin-form admin-tax__form"
      heading={{ level: 'h3', className: 'admin-tax__form-title' }}
      submitLabel={rate ? 'Save changes' : 'Add rate'}
      onCancel={onCancel}
    >
      <div className="admin-fields admin-tax__fields">
        <StaffSelect
          {...form.bind('country')}
          label="Country"
          options={COUNTRY_OPTIONS}
          empty="Choose a country"
        />
        {form.values.country === 'US' ? (
          <StaffSelect
            {...form.bind('region')}
            label="US state"
            options={STATE_OPTIONS}
            empty="The whole country"
          />
        ) : null}
        <StaffSelect {...form.bind('category')} label="Category" options={TAX_CATEGORY_OPTIONS} />
        <StaffField
          {...form.bind('rate')}
          label="Rate (%)"
          kind="decimal"
          hint="A percentage with at most 3 decimals, such as 20 or 7.25."
        />
        <StaffField {...form.bind('from')} label="From" hint={`${DATE_HINT} Empty: since ever.`} />
        <StaffField {...form.bind('to')} label="To" hint={`${DATE_HINT} Empty: until further notice.`} />
        <StaffField
          {...form.bind('source')}
          label="Source"
          className="admin-field--wide"
          maxLength={300}
          hint="Where the rate comes from, so it can be checked."
        />
      </div>
    </StaffFormFrame>
  );
}
