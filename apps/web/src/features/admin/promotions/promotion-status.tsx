import type { Promotion, PromotionStatus } from '@shop/contracts';
import { useId, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { errorText } from '../../../lib/api';
import { BusyLabel } from '../busy-label';
import { useSetPromotionStatus } from './api/save-promotion';
import { PromotionStateBadge } from './promotion-state-badge';
import { perCustomerText, usesText } from './promotions-view';

const ACTIONS: { status: PromotionStatus; label: string; busy: string; done: string }[] = [
  { status: 'paused', label: 'Pause', busy: 'Pausing…', done: 'paused: shoppers cannot use it for now' },
  { status: 'active', label: 'Resume', busy: 'Resuming…', done: 'resumed' },
  { status: 'archived', label: 'Archive', busy: 'Archiving…', done: 'archived: it can no longer be used' },
];

/** The buttons a status allows: an active code pauses or archives, a paused one resumes or archives. */
const allowed = (status: PromotionStatus) =>
  ACTIONS.filter((action) => action.status !== status && status !== 'archived');

/**
 * Where a saved promotion stands (its state, the uses so far) and Pause / Resume / Archive, each a
 * `PUT /api/promotions/:id {status}`; the outcome is said in a live region.
 */
export function PromotionStatusPanel({ promotion }: { promotion: Promotion }) {
  const id = useId();
  const setStatus = useSetPromotionStatus(promotion.id);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const run = (action: (typeof ACTIONS)[number]) => {
    setDone('');
    setFailure(null);
    setStatus.mutate(action.status, {
      onSuccess: (saved) => setDone(`${saved.code} is ${action.done}.`),
      onError: (error) => setFailure(`${promotion.code} was not changed: ${errorText(error)}`),
    });
  };
  return (
    <section className="admin-promotions__status" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="admin-promotions__subtitle">
        Status
      </h3>
      <dl className="admin-promotions__facts">
        <div>
          <dt>State</dt>
          <dd>
            <PromotionStateBadge state={promotion.state} />
          </dd>
        </div>
        <div>
          <dt>Uses so far</dt>
          <dd>{usesText(promotion)}</dd>
        </div>
        <div>
          <dt>Per customer</dt>
          <dd>{perCustomerText(promotion.usesPerCustomer)}</dd>
        </div>
      </dl>
      <div className="admin-promotions__form-actions">
        {allowed(promotion.status).map((action) => (
          <button
            key={action.status}
            type="button"
            className={`btn ${action.status === 'archived' ? 'btn-outline-danger' : 'btn-outline-dark'}`}
            disabled={setStatus.isPending}
            onClick={() => run(action)}
          >
            <BusyLabel
              busy={setStatus.isPending && setStatus.variables === action.status}
              busyText={action.busy}
            >
              {action.label}
            </BusyLabel>
          </button>
        ))}
        {promotion.status === 'archived' ? (
          <p className="admin-promotions__muted">
            Archived for good: it can no longer be used, and stays for the records.
          </p>
        ) : null}
      </div>
      <p className="admin-promotions__done" role="status">
        {done}
      </p>
      {failure ? <AlertError message={failure} onClose={() => setFailure(null)} className="mb-0" /> : null}
    </section>
  );
}
