import { BusyLabel } from '../shared/busy-label';
import type { CreateField } from './create-product-check';
import { CREATE_LABELS } from './create-product-fields';

interface CreateProductFooterProps {
  /** The id of the line saying what is still to complete (Send is described by it). */
  id: string;
  /** The fields still holding a message, in the form's order. */
  pending: CreateField[];
  singleSpace: boolean;
  blocked: boolean;
  sending: boolean;
  onCancel: () => void;
}

/** Under the create form: what is still to complete, Cancel and Send. */
export function CreateProductFooter({
  id,
  pending,
  singleSpace,
  blocked,
  sending,
  onCancel,
}: CreateProductFooterProps) {
  return (
    <div className="modal-footer admin-form-footer">
      <p id={id} className="admin-form-footer__pending">
        {pending.length > 0
          ? `Still to complete: ${pending.map((field) => CREATE_LABELS[field]).join(', ')}.`
          : singleSpace
            ? 'A field holds only a space.'
            : 'Everything is ready to send.'}
      </p>
      <button type="button" className="btn btn-outline-dark" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-dark" disabled={blocked} aria-describedby={id}>
        <BusyLabel busy={sending} busyText="Sending…">
          Send
        </BusyLabel>
      </button>
    </div>
  );
}
