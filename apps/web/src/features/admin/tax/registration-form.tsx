import type { TaxRegistration, TaxRegistrationBody } from '@shop/contracts';
import { StaffFormFrame } from '../shared/staff-form';
import { StaffSelect } from '../shared/staff-select';
import { useStaffForm } from '../shared/use-staff-form';
import { useAddTaxRegistration } from './api/tax-registrations';
import { COUNTRY_OPTIONS, STATE_OPTIONS } from './tax-places';

interface RegistrationValues {
  country: string;
  region: string;
}
type RegistrationField = keyof RegistrationValues;

const FIELDS: RegistrationField[] = ['country', 'region'];

/** A US state is sent for the US only; the server says what is wrong (no rates there, already there). */
function bodyOf(values: RegistrationValues) {
  if (values.country === '') return { errors: { country: 'is required: choose a country' } };
  const body: TaxRegistrationBody =
    values.country === 'US' && values.region !== ''
      ? { country: values.country, region: values.region }
      : { country: values.country };
  return { body };
}

const fieldOf = (serverField: string) => FIELDS.find((field) => field === serverField);

interface RegistrationFormProps {
  onSaved: (registration: TaxRegistration) => void;
  onCancel: () => void;
}

/** Register the shop to collect tax in a country, or a US state. */
export function RegistrationForm({ onSaved, onCancel }: RegistrationFormProps) {
  const add = useAddTaxRegistration();
  const form = useStaffForm({
    initial: { country: '', region: '' },
    fields: FIELDS,
    bodyOf,
    fieldOf,
    save: (body: TaxRegistrationBody) => add.mutateAsync(body),
    saving: add.isPending,
    onSaved,
    notSaved: 'The registration was not added',
    messageOnlyWithoutFields: true,
  });

  return (
    <StaffFormFrame
      form={form}
      title="Add a registration"
      className="admin-form admin-tax__form"
      heading={{ level: 'h3', className: 'admin-tax__form-title' }}
      submitLabel="Add registration"
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
            empty="Choose a state"
            hint="Sales tax is collected per state: register each state where the shop has nexus."
          />
        ) : null}
      </div>
    </StaffFormFrame>
  );
}
