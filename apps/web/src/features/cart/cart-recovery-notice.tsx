import type { RecoveryGoneLine } from '@shop/contracts';
import { Link } from 'react-router';
import { AlertError } from '../../components/alert-error';
import type { CartRecoveryOutcome } from './use-cart-recovery';

export const CART_BACK_TEXT = 'Your cart is back: pick up where you left off.';

/** Why a line of the abandoned checkout is not back, in a sentence. */
function goneText(line: RecoveryGoneLine): string {
  const what = `${line.name}, size ${line.size}`;
  return line.reason === 'sold-out' ? `${what}, has sold out since.` : `${what}, is no longer sold.`;
}

/**
 * What a reminder's link did: the cart is back, with a sentence for each line that is not (a sold-out size
 * links to its product page, where the shopper can ask to be told when it returns); or why it was refused.
 */
export function CartRecoveryNotice({ outcome }: { outcome: CartRecoveryOutcome }) {
  if (outcome.kind === 'refused') return <AlertError message={outcome.message} className="mb-3" />;
  if (outcome.kind !== 'restored') return null;
  return (
    <div className="alert alert-success mb-3" role="status">
      <p className="fw-semibold mb-0">{CART_BACK_TEXT}</p>
      {outcome.gone.length > 0 ? (
        <ul className="cart-recovery__gone">
          {outcome.gone.map((line) => (
            <li key={`${line.productId}-${line.size}`}>
              {goneText(line)}
              {line.reason === 'sold-out' ? (
                <>
                  {' '}
                  <Link to={`/home/${line.productId}`} className="alert-link">
                    Tell me when it is back
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
