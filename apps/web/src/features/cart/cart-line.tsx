import { type CartItem, formatPrice } from '@shop/contracts';
import { Link } from 'react-router';
import { TrashIcon } from '../../components/icons';
import { isExcluded, type LineAvailability, unavailableText } from '../../lib/cart/cart-check';
import { lineAfterDiscount } from '../../lib/cart/cart-code';
import { useCartStore } from '../../lib/cart/cart-store';

interface CartLineProps {
  item: CartItem;
  /** The line's size as the shopper reads it ('EU 44 (US 10)'); the key when not given. */
  sizeLabel?: string;
  availability: LineAvailability;
  notices: string[];
  /** The discount code's amount off the line (all its units), 0 when none. */
  discount?: number;
}

/** One line of the cart: its picture, name, size and price, Remove, the quantity stepper and its notices. */
export function CartLine({
  item,
  sizeLabel = item.size,
  availability,
  notices,
  discount = 0,
}: CartLineProps) {
  const excluded = isExcluded(availability);
  const maxCount = availability.kind === 'ok' ? availability.maxCount : item.count;
  const canChange = availability.kind === 'ok';
  const label = `${item.name}, size ${item.size}`;
  const { increment, decrement, remove } = useCartStore.getState();

  return (
    <li className={`cart-line${excluded ? ' cart-line--excluded' : ''}`} aria-label={label}>
      <Link to={`/home/${item.id}`} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <img src={item.img} alt="" width={160} height={120} loading="lazy" />
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__head">
          <div className="min-w-0">
            <h2 className="cart-line__name">
              <Link to={`/home/${item.id}`} className="text-reset text-decoration-none">
                {item.name}
              </Link>
            </h2>
            <p className="cart-line__meta">
              Size {sizeLabel} · {formatPrice(item.price)} each
            </p>
          </div>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={`Remove ${label} from the cart`}
            title="Remove"
            onClick={() => remove(item.idAux)}
          >
            <TrashIcon />
          </button>
        </div>

        {excluded && (
          <p className="cart-line__status">
            <span className="badge text-bg-dark">{unavailableText(item, availability)}</span>
            <span className="small text-muted">Not included in your purchase</span>
          </p>
        )}

        <div className="cart-line__foot">
          {excluded ? (
            <span className="small text-muted">Quantity {item.count}</span>
          ) : (
            // biome-ignore lint/a11y/useSemanticElements: a stepper of two buttons and a count, not a fieldset of fields
            <div className="cart-stepper" role="group" aria-label={`Quantity of ${label}`}>
              <button
                type="button"
                aria-label={`One fewer ${label}`}
                disabled={!canChange || item.count <= 1}
                onClick={() => decrement(item.idAux)}
              >
                −
              </button>
              <output aria-live="polite" aria-label={`Quantity ${item.count}`}>
                {item.count}
              </output>
              <button
                type="button"
                aria-label={`One more ${label}`}
                disabled={!canChange || item.count >= maxCount}
                onClick={() => increment(item.idAux, maxCount)}
              >
                +
              </button>
            </div>
          )}
          <span className="cart-line__total" data-testid={`line-total-${item.idAux}`}>
            {discount > 0 && !excluded ? (
              <>
                <s className="cart-line__was">
                  <span className="visually-hidden">was </span>
                  {formatPrice(item.totalPrice)}
                </s>
                <span className="visually-hidden">, now </span>
                {formatPrice(lineAfterDiscount(item, discount))}
              </>
            ) : (
              formatPrice(item.totalPrice)
            )}
          </span>
        </div>
        {availability.kind === 'ok' && item.count >= maxCount && availability.limitReason ? (
          <p className="small text-muted mb-0 mt-1">{availability.limitReason}</p>
        ) : null}
        {availability.kind === 'ok' &&
          item.count >= maxCount &&
          !availability.limitReason &&
          availability.units <= 5 && (
            <p className="small text-muted mb-0 mt-1">
              Only {availability.units} left in size {sizeLabel}
            </p>
          )}
        <div aria-live="polite" className="cart-line__notices">
          {notices.map((notice) => (
            <p key={notice} className="cart-line__notice">
              {notice}
            </p>
          ))}
        </div>
      </div>
    </li>
  );
}
