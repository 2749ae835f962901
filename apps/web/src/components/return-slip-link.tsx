import type { OrderReturn } from '@shop/contracts';
import { returnSlipUrl } from '../lib/returns';

/** 'Return slip': the return's printable slip, in a new tab (the buyer's return list, the staff's card). */
export function ReturnSlipLink({ orderReturn, className }: { orderReturn: OrderReturn; className: string }) {
  return (
    <a
      href={returnSlipUrl(orderReturn.id)}
      target="_blank"
      rel="noopener"
      className={className}
      aria-label={`Return slip of ${orderReturn.number} (opens in a new tab)`}
    >
      Return slip
    </a>
  );
}
