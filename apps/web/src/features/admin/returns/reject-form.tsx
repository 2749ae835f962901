import { RETURN_MESSAGE_MAX } from '@shop/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { ApiError, errorText } from '../../../lib/api';
import { BusyButton } from '../shared/busy-label';
import { useRejectReturn } from './api/reject-return';
import type { ReturnStepFormProps } from './returns-view';

export const REJECT_MESSAGE_ERROR = 'Tell the buyer why: they get these words by e-mail.';

/**
 * Reject a requested return, with the words the buyer gets (required). The message field takes the focus
 * when the form opens.
 */
export function RejectForm({ orderReturn, onDone, onCancel }: ReturnStepFormProps) {
  const id = useId();
  const reject = useRejectReturn();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => field.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!message.trim()) {
      setError(REJECT_MESSAGE_ERROR);
      field.current?.focus();
      return;
    }
    try {
      onDone(await reject.mutateAsync({ id: orderReturn.id, message: message.trim() }));
    } catch (caught) {
      const reason = caught instanceof ApiError ? caught.fields.message : undefined;
      if (reason) setError(reason);
      setFailure(`Return ${orderReturn.number} was not rejected: ${errorText(caught)}`);
    }
  };

  return (
    <form className="admin-return__form" noValidate onSubmit={onSubmit}>
      <label htmlFor={`${id}-message`} className="form-label">
        Message to the buyer
      </label>
      <textarea
        ref={field}
        id={`${id}-message`}
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={3}
        maxLength={RETURN_MESSAGE_MAX}
        required
        value={message}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message-error` : undefined}
        onChange={(event) => {
          setMessage(event.target.value);
          setError(null);
        }}
      />
      {error ? (
        <div id={`${id}-message-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
      {failure ? (
        <AlertError message={failure} onClose={() => setFailure(null)} className="mt-3 mb-0" />
      ) : null}
      <div className="admin-return__buttons">
        <BusyButton type="submit" className="btn btn-danger" busy={reject.isPending} busyText="Rejecting…">
          Reject return
        </BusyButton>
        <button type="button" className="btn btn-outline-dark" disabled={reject.isPending} onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
