import type { Drop } from '@shop/contracts';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useDrawDrop } from './api/draw-drop';
import { entrantsOf } from './drops-view';

export const DRAW_NOW_TITLE = 'Draw the winners now?';

/** Why Draw now cannot be pressed, or null when it can. */
function drawBlockedText(drop: Drop): string | null {
  if (drop.state === 'entry_closed') return null;
  return 'Possible once the entry has closed; the draw also runs by itself then.';
}

/**
 * "Draw now" for a draw whose entry has closed, after asking; the outcome goes to `onDrawn` once the dialog
 * has closed, so what shows it can take the focus.
 */
export function DrawNow({ drop, onDrawn }: { drop: Drop; onDrawn: (drawn: Drop) => void }) {
  const draw = useDrawDrop(drop.id);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<Drop | null>(null);
  const blocked = drawBlockedText(drop);
  const entrants = entrantsOf(drop);

  const confirm = async () => {
    setResult(await draw.mutateAsync());
    setAsking(false);
  };

  return (
    <div className="admin-drops__draw">
      {/* Once drawn the facts say when, and there is nothing left to draw; the dialog stays to close. */}
      {drop.drawnAt ? null : (
        <>
          <button
            type="button"
            className="btn btn-dark"
            disabled={blocked !== null}
            aria-describedby={blocked ? `admin-drop-draw-hint-${drop.id}` : undefined}
            onClick={() => {
              draw.reset();
              setAsking(true);
            }}
          >
            Draw now
          </button>
          {blocked ? (
            <span id={`admin-drop-draw-hint-${drop.id}`} className="admin-drops__hint">
              {blocked}
            </span>
          ) : null}
        </>
      )}
      <ConfirmModal
        show={asking}
        title={DRAW_NOW_TITLE}
        confirmLabel="Draw now"
        busyLabel="Drawing…"
        busy={draw.isPending}
        error={draw.error ? draw.error.message : null}
        onConfirm={() => {
          confirm().catch(() => undefined);
        }}
        onCancel={() => setAsking(false)}
        onExited={() => {
          if (result) onDrawn(result);
          setResult(null);
        }}
      >
        <p className="mb-0">
          The winners of each size are picked among {entrants} {entrants === 1 ? 'entry' : 'entries'} with the
          committed seed. It cannot be undone: the seed and the entry ids are published, and the winners are
          told to pay within {drop.purchaseWindowMinutes} minutes.
        </p>
      </ConfirmModal>
    </div>
  );
}
