import { useEffect, useId, useRef, useState } from 'react';
import { AlertSuccess } from '../../../components/alert-success';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../shared/load-more';
import { QueryStatus } from '../shared/query-status';
import { useToShip } from './api/get-to-ship';
import { ToShipCard } from './to-ship-card';
import '../shared/admin.css';
import './to-ship.css';

export const NOTHING_TO_SHIP_TEXT = 'Nothing to ship: every paid order has left.';

/** The list as it stands: loading, a failure with Retry, nothing to ship, or the orders with Load more. */
function ToShipList({ onShipped }: { onShipped: (message: string) => void }) {
  const orders = useToShip();
  const list = orders.data?.pages.flat() ?? [];
  if (orders.isPending || (orders.isError && list.length === 0)) {
    return <QueryStatus query={orders} what="the orders to ship" />;
  }
  if (list.length === 0) return <EmptyState text={NOTHING_TO_SHIP_TEXT} />;
  return (
    <>
      <ul className="to-ship__list list-unstyled mb-0" aria-label="Orders to ship">
        {list.map((order) => (
          <li key={order._id}>
            <ToShipCard order={order} onShipped={onShipped} />
          </li>
        ))}
      </ul>
      <LoadMore pages={orders} what="orders" />
    </>
  );
}

/**
 * /account/to-ship for staff: paid orders not yet fully shipped, oldest first, each with its address,
 * the lines left to ship and a "Mark shipped" form, its parcels (Mark delivered) and its papers.
 */
export function AdminToShipTab() {
  const id = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const noticeBox = useRef<HTMLDivElement>(null);

  // A shipped order may leave the list with its form: the reader is taken to what happened.
  useEffect(() => {
    if (notice) noticeBox.current?.focus();
  }, [notice]);

  return (
    <section className="admin-page to-ship" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="admin-title to-ship__heading">
        To ship
      </h2>
      <p className="to-ship__intro">Paid orders not yet fully shipped, oldest first.</p>
      <div ref={noticeBox} tabIndex={-1} className="to-ship__notice">
        {notice ? <AlertSuccess message={notice} onClose={() => setNotice(null)} /> : null}
      </div>
      <ToShipList onShipped={setNotice} />
    </section>
  );
}
