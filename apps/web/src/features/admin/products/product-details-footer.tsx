import { BusyLabel } from '../shared/busy-label';
import type { DetailsView } from './use-product-details';

interface ProductDetailsFooterProps {
  hasErrors: boolean;
  changedCount: number;
  view: DetailsView;
  busy: boolean;
  saveDisabled: boolean;
  onClose: () => void;
  onSave: () => void;
}

/** What Product Details waits for (corrections, changes to save or a first change), Close and Save. */
export function ProductDetailsFooter({
  hasErrors,
  changedCount,
  view,
  busy,
  saveDisabled,
  onClose,
  onSave,
}: ProductDetailsFooterProps) {
  return (
    <div className="modal-footer admin-form-footer">
      <p className="admin-form-footer__pending" aria-live="polite">
        {hasErrors
          ? 'Correct the fields marked before saving.'
          : changedCount > 0
            ? `${changedCount} ${changedCount === 1 ? 'change' : 'changes'} to save.`
            : view === 'stock'
              ? 'Type the units of a size to change them; 0 sells it out.'
              : 'Press a pencil to change a field.'}
      </p>
      <button type="button" className="btn btn-outline-dark" onClick={onClose} disabled={busy}>
        Close
      </button>
      <button type="button" className="btn btn-dark" disabled={saveDisabled} onClick={onSave}>
        <BusyLabel busy={busy} busyText="Saving…">
          Save
        </BusyLabel>
      </button>
    </div>
  );
}
