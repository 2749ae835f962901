import type { Order, OrderReturn } from '@shop/contracts';
import { useRef, useState } from 'react';
import { useSizeLabels } from '../../../../lib/size-labels';
import { OrderReturnItem } from './order-return-item';
import { RETURN_FORM_TITLE, ReturnForm } from './return-form';
import { ReturnNextSteps } from './return-next-steps';
import { canOpenReturn } from './return-rules';
import './returns.css';

/**
 * An order's returns and exchanges in its detail: "Return or exchange" while pairs that left can still go
 * back, the form, what to do once a return is opened, and the order's returns with their state.
 */
export function OrderReturns({ order }: { order: Order }) {
  const [formOpen, setFormOpen] = useState(false);
  const [opened, setOpened] = useState<OrderReturn | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const returns = [...order.returns].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const offer = canOpenReturn(order);
  // Return lines are of the order's products: their sizes show in the shopper's system.
  const labelOf = useSizeLabels(
    order.products.map((line) => ({ id: line.id, brand: line.brand, genders: line.gender })),
  );

  if (!offer && returns.length === 0 && !opened) return null;

  const closeForm = () => {
    setFormOpen(false);
    // Back where the reader came from, once the button is there again.
    requestAnimationFrame(() => openButton.current?.focus());
  };

  return (
    <section className="order-returns" aria-labelledby={`order-returns-${order._id}`}>
      <h3 id={`order-returns-${order._id}`} className="order-returns__title">
        Returns and exchanges
      </h3>
      {opened ? <ReturnNextSteps opened={opened} onClose={() => setOpened(null)} /> : null}
      {formOpen ? (
        <ReturnForm
          order={order}
          labelOf={labelOf}
          onOpened={(created) => {
            setFormOpen(false);
            setOpened(created);
          }}
          onClose={closeForm}
        />
      ) : offer ? (
        <div className="order-returns__offer">
          <button
            ref={openButton}
            type="button"
            className="btn btn-outline-dark"
            onClick={() => {
              setOpened(null);
              setFormOpen(true);
            }}
          >
            {RETURN_FORM_TITLE}
          </button>
          <p className="order-returns__hint">
            Send pairs back for a refund, or swap them for another size while it is in stock.
          </p>
        </div>
      ) : null}
      {returns.length > 0 ? (
        <ul className="order-returns__list list-unstyled" aria-label="Returns of this order">
          {returns.map((orderReturn) => (
            <li key={orderReturn.id}>
              <OrderReturnItem orderReturn={orderReturn} currency={order.currency} labelOf={labelOf} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
