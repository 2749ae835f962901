import type { Drop } from '@shop/contracts';
import { ChoiceGroup } from '../shared/choice-group';
import { ProductPicker, useProductSearch } from '../shared/product-picker';
import { StaffField, StaffFormFrame } from '../shared/staff-form';
import { localZone } from '../shared/typed-values';
import { MODE_CHOICES } from './drop-choices';
import type { DropFormField } from './drop-form-values';
import { useDropForm } from './use-drop-form';

interface DropFormProps {
  /** The drop being changed, or null to schedule one. */
  drop: Drop | null;
  onSaved: (drop: Drop, added: boolean) => void;
  onCancel: () => void;
}

/** Why a started drop is shown and not changed. */
function RefusedNotice({ reason }: { reason: string }) {
  return (
    <div className="admin-drops__notice" role="note">
      <strong>This drop can no longer be changed.</strong> {reason} Shoppers have been told its times and
      rules, so they stay as they are.
    </div>
  );
}

/** What the picker's status line says once the search has answered. */
const pickerStatus = (chosen: string | undefined) => (_found: number, offered: number) => {
  if (offered === 0) return 'No product on sale matches that name.';
  return chosen ? `Chosen: ${chosen}.` : 'Pick the product to release.';
};

/**
 * Schedule a drop or change one not started yet: the product, the mode, the release (typed in the
 * browser's time zone, sent in UTC), the mode's own times and numbers, and the limit per person. The
 * server's reasons show beside their fields and its message above the buttons.
 */
export function DropForm({ drop, onSaved, onCancel }: DropFormProps) {
  const form = useDropForm(drop, onSaved);
  const productSearch = useProductSearch();
  const { values, errors } = form;
  const zone = localZone();
  const field = (name: Exclude<DropFormField, 'product' | 'mode'>, label: string, hint?: string) => (
    <StaffField
      {...form.bind(name)}
      label={label}
      hint={hint}
      kind={name.endsWith('At') ? 'time' : 'whole'}
    />
  );

  return (
    <StaffFormFrame
      form={form}
      title={drop ? `Drop of ${drop.product.name}` : 'New drop'}
      className="admin-form admin-drops__form"
      submitLabel={form.refused ? null : drop ? 'Save changes' : 'Schedule the drop'}
      cancelLabel={form.refused ? 'Back' : 'Cancel'}
      onCancel={onCancel}
    >
      {form.refused ? <RefusedNotice reason={form.refused} /> : null}
      <fieldset disabled={form.refused !== null} className="admin-fields admin-drops__fields">
        <ProductPicker
          id={`${form.id}-product`}
          legend="Product"
          className="admin-field--wide"
          search={productSearch}
          chosen={values.product ? [values.product] : []}
          multiple={false}
          onToggle={(product) => form.change({ product })}
          statusText={pickerStatus(values.product?.name)}
          tiles
          error={errors.product}
          readOnly={form.refused !== null}
          searchRef={form.inputRef('product')}
        />
        <ChoiceGroup
          {...form.bind('mode')}
          legend="How it sells"
          errorLabel="Mode"
          choices={MODE_CHOICES}
          className="admin-field--wide"
          listClassName="admin-drops__modes"
          itemClassName="admin-drops__mode"
          bold
        />
        {field('releaseAt', `Release (${zone} time)`, 'When the pairs go on sale.')}
        {values.mode === 'draw' ? (
          <>
            {field('entryOpensAt', `Entry opens (${zone} time)`, 'Empty: as soon as the drop is saved.')}
            {field(
              'entryClosesAt',
              `Entry closes (${zone} time)`,
              'Empty: at the release. The draw runs then.',
            )}
            {field('purchaseWindowMinutes', 'Purchase window (minutes)', 'How long a winner has to pay.')}
          </>
        ) : (
          <>
            {field(
              'preQueueMinutes',
              'Pre-queue (minutes before the release)',
              'Everyone who joins before the release gets the same chance.',
            )}
            {field('admissionPerMinute', 'Admission per minute', 'Empty: set from the pairs on sale.')}
          </>
        )}
        {field('perPersonLimit', 'Limit per person (pairs)')}
      </fieldset>
    </StaffFormFrame>
  );
}
