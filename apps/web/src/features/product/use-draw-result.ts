import { type DropSummary, waitingListNumber } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { putDropPairInCart } from '../../lib/drops/drop-cart';
import { dropQuery, myDropEntryQuery } from '../../lib/drops/drops-api';
import { useSession } from '../../lib/session';

/**
 * A drawn draw as the signed-in shopper sees it: their entry's outcome, their place on the waiting list
 * (after the size's winners), and Buy for a winner: exactly the won size, one pair, then the cart.
 */
export function useDrawResult(drop: DropSummary) {
  const { user } = useSession();
  const navigate = useNavigate();
  const verified = Boolean(user?.emailVerified);
  const entryQuery = useQuery({ ...myDropEntryQuery(drop.id, user?.uid ?? ''), enabled: verified });
  const drawQuery = useQuery({ ...dropQuery(drop.id), enabled: verified });
  const entry = verified ? (entryQuery.data ?? null) : null;
  const winners = entry ? (drawQuery.data?.winners?.[entry.size]?.length ?? 0) : 0;
  const waitingPlace = entry?.rank ? waitingListNumber(entry.rank, winners) : null;

  const buy = () => {
    if (!entry) return;
    putDropPairInCart({ ...drop.product }, entry.size);
    navigate('/cart');
  };

  return { signedIn: Boolean(user), loading: verified && entryQuery.isPending, entry, waitingPlace, buy };
}
