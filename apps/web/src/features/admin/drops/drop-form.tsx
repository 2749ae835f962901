import type { Drop } from '@shop/contracts';
import { useId } from 'react';
import { AlertError } from '../../../components/alert-error';
import { BusyLabel } from '../busy-label';
import { DropField, ModeChoice } from './drop-fields';
import type { DropFormField } from './drop-form-values';
import { localZone } from './drops-view';
import { ProductPicker } from './product-picker';
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

/**
 * Schedule a drop or change one not started yet: the product, the mode, the release (typed in the
 * browser's time zone, sent in UTC), the mode's own times and numbers, and the limit per person. The
 * server's reasons show beside their fields and its message above the buttons.
 */
export function DropForm({ drop, onSaved, onCancel }: DropFormProps) {
  const id = useId();
  const form = useDropForm(drop, onSaved);
  const { values, errors } = form;
  const zone = localZone();
  const field = (name: Exclude<DropFormField, 'product' | 'mode'>, label: string, hint?: string) => (
    <DropField
      id={`${id}-${name}`}
      label={label}
      type={name.endsWith('At') ? 'datetime-local' : 'text'}
      value={values[name]}
      error={errors[name]}
      hint={hint}
      inputRef={form.inputRef(name)}
      onChange={(value) => form.change(name, value)}
    />
  );

  return (
    <form className="admin-drops__form" noValidate onSubmit={form.submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={form.heading} tabIndex={-1} className="admin-drops__title">
        {drop ? `Drop of ${drop.product.name}` : 'New drop'}
      </h2>
      {form.refused ? <RefusedNotice reason={form.refused} /> : null}
      <fieldset disabled={form.refused !== null} className="admin-drops__fields">
        <ProductPicker
          id={`${id}-product`}
          value={values.product}
          error={errors.product}
          readOnly={form.refused !== null}
          searchRef={form.inputRef('product')}
          onChange={(product) => form.change('product', product)}
        />
        <ModeChoice
          id={`${id}-mode`}
          value={values.mode}
          error={errors.mode}
          inputRef={form.inputRef('mode')}
          onChange={(mode) => form.change('mode', mode)}
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
      {form.failure ? (
        <AlertError message={form.failure} onClose={form.dismissFailure} className="mt-3 mb-0" />
      ) : null}
      <div className="admin-drops__form-actions">
        {form.refused ? null : (
          <button type="submit" className="btn btn-dark" disabled={form.saving}>
            <BusyLabel busy={form.saving} busyText="Saving…">
              {drop ? 'Save changes' : 'Schedule the drop'}
            </BusyLabel>
          </button>
        )}
        <button type="button" className="btn btn-outline-dark" onClick={onCancel} disabled={form.saving}>
          {form.refused ? 'Back' : 'Cancel'}
        </button>
      </div>
    </form>
  );
}
