import type { Drop } from '@shop/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { formatInstant } from '../../../lib/dates';
import { useFocusOnMount } from '../shared/focus';
import { QueryStatus } from '../shared/query-status';
import { useAdminDrop } from './api/get-drop';
import { DrawNow } from './draw-now';
import { DropEntries } from './drop-entries';
import { DropFacts, DropRoomFigures, DropSizes } from './drop-facts';
import { DropProof } from './drop-proof';
import { isEditable } from './drops-view';
import { ExportEntriesButton } from './export-entries-button';

interface DropDetailProps {
  id: string;
  /** The last save's outcome, shown above the drop. */
  done: string | null;
  onDismissDone: () => void;
  onBack: () => void;
  onEdit: () => void;
}

const drawnText = (drop: Drop) =>
  `Drawn: the winners were picked and told to pay${drop.drawnAt ? ` (drawn ${formatInstant(drop.drawnAt)})` : ''}.`;

/** The drop once read: its facts, sizes and proof, the actions its state allows, and its entries. */
function DropBody({
  drop,
  onEdit,
  onDrawn,
}: {
  drop: Drop;
  onEdit: () => void;
  onDrawn: (drop: Drop) => void;
}) {
  return (
    <>
      <div className="admin-drops__detail-product">
        <img src={drop.product.card_picture} alt="" width={96} height={96} />
        <div>
          <p className="admin-drops__product-name">{drop.product.name}</p>
          <p className="admin-drops__product-brand">{drop.product.brand}</p>
        </div>
      </div>
      <div className="admin-toolbar admin-drops__toolbar">
        {isEditable(drop) ? (
          <button type="button" className="btn btn-outline-dark" onClick={onEdit}>
            Edit
          </button>
        ) : null}
        {drop.mode === 'draw' ? (
          <>
            <DrawNow drop={drop} onDrawn={onDrawn} />
            {/* A first-come release has no entries: its figures are in the Waiting room panel. */}
            <ExportEntriesButton dropId={drop.id} />
          </>
        ) : null}
      </div>
      <div className="admin-drops__detail-grid">
        <Panel name="times" title="Times and rules">
          <DropFacts drop={drop} />
        </Panel>
        <Panel name="sizes" title="Sizes">
          <DropSizes drop={drop} />
        </Panel>
        {drop.mode === 'queue' ? (
          <Panel name="room" title="Waiting room">
            <DropRoomFigures drop={drop} />
          </Panel>
        ) : null}
        <Panel name="proof" title={drop.mode === 'draw' ? 'Proof of a fair draw' : 'Public page'} wide>
          <DropProof drop={drop} />
        </Panel>
      </div>
      {drop.mode === 'draw' ? <DropEntries dropId={drop.id} /> : null}
    </>
  );
}

/** `?drop=<id>`: one drop for staff, with Back to the list. */
export function DropDetail({ id, done, onDismissDone, onBack, onEdit }: DropDetailProps) {
  const query = useAdminDrop(id);
  const heading = useFocusOnMount();
  const doneBox = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const message = drawn ?? done;

  // The draw's outcome takes the focus: the dialog has closed and Draw now can no longer be pressed.
  useEffect(() => {
    if (drawn) doneBox.current?.focus();
  }, [drawn]);

  return (
    <section className="admin-page admin-drops admin-drops--detail" aria-labelledby="admin-drop-heading">
      <button type="button" className="btn btn-outline-dark btn-sm" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to the drops
      </button>
      <h2 id="admin-drop-heading" ref={heading} tabIndex={-1} className="admin-title mt-3 mb-3">
        Drop detail
      </h2>
      <div ref={doneBox} tabIndex={-1} className="admin-done admin-drops__done">
        {message ? (
          <AlertSuccess
            key={message}
            message={message}
            onClose={() => {
              setDrawn(null);
              onDismissDone();
            }}
            className="mb-3"
          />
        ) : null}
      </div>
      {query.isPending || query.isError ? (
        <QueryStatus query={query} loading="Loading the drop" what="this drop" />
      ) : (
        <DropBody drop={query.data} onEdit={onEdit} onDrawn={(drop) => setDrawn(drawnText(drop))} />
      )}
    </section>
  );
}

/** One panel of the drop's page, named by its heading (`admin-drop-${name}`); a wide one takes the whole row. */
function Panel({
  name,
  title,
  wide = false,
  children,
}: {
  name: string;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={wide ? 'admin-drops__panel admin-drops__panel--wide' : 'admin-drops__panel'}
      aria-labelledby={`admin-drop-${name}`}
    >
      <h3 id={`admin-drop-${name}`} className="admin-drops__panel-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
