import type { Promotion, PromotionStatus } from '@shop/contracts';
import { useId, useRef, useState } from 'react';
import { AlertError } from '../../../components/alert-error';
import { errorText } from '../../../lib/api';
import { BusyLabel } from '../shared/busy-label';
import { useSetPromotionStatus } from './api/save-promotion';
import { PromotionStateBadge } from './promotion-state-badge';
import { perCustomerText, usesText } from './promotions-view';

const ACTIONS: { status: PromotionStatus; label: string; busy: string; done: string }[] = [
  { status: 'paused', label: 'Pause', busy: 'Pausing…', done: 'paused: shoppers cannot use it for now' },
  { status: 'active', label: 'Resume', busy: 'Resuming…', done: 'resumed' },
  { status: 'archived', label: 'Archive', busy: 'Archiving…', done: 'archived: it can no longer be used' },
];

type Action = (typeof ACTIONS)[number];

/**
 * The buttons a status allows, each in a fixed place so the focus stays on it as its words change: Pause
 * or Resume, then Archive; an archived code has none.
 */
function allowed(status: PromotionStatus): { slot: string; action: Action }[] {
  if (status === 'archived') return [];
  const [pause, resume, archive] = ACTIONS as [Action, Action, Action];
  return [
    { slot: 'toggle', action: status === 'paused' ? resume : pause },
    { slot: 'archive', action: archive },
  ];
}

/**
 * Where a saved promotion stands (its state, the uses so far) and Pause / Resume / Archive, each a
 * `PUT /api/promotions/:id {status}`; the outcome is said in a live region.
 */
export function PromotionStatusPanel({ promotion }: { promotion: Promotion }) {
  const id = useId();
  const setStatus = useSetPromotionStatus(promotion.id);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const run = (action: Action) => {
    setDone('');
    setFailure(null);
    setStatus.mutate(action.status, {
      onSuccess: (saved) => {
        setDone(`${saved.code} is ${action.done}.`);
        // Archived, the buttons go: the reader lands on what happened.
        if (saved.status === 'archived') message.current?.focus();
      },
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
      <div className="admin-form-actions">
        {allowed(promotion.status).map(({ slot, action }) => (
          <button
            key={slot}
            type="button"
            className={`btn ${action.status === 'archived' ? 'btn-outline-danger' : 'btn-outline-dark'}`}
            // Not `disabled`: a disabled button drops the focus while the change is on its way.
            aria-disabled={setStatus.isPending || undefined}
            onClick={() => {
              if (!setStatus.isPending) run(action);
            }}
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
      <p ref={message} tabIndex={-1} className="admin-promotions__done" role="status">
        {done}
      </p>
      {failure ? <AlertError message={failure} onClose={() => setFailure(null)} className="mb-0" /> : null}
    </section>
  );
}
