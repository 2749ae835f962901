import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { drawOutcome } from '../../lib/drops/draw-outcome';
import { myDropsQuery } from '../../lib/drops/drops-api';
import { useHydrated } from '../../lib/hydrated';
import { useSession } from '../../lib/session';

/**
 * After a draw is over (the product is on normal sale again, and the drops list leaves the drop out), how
 * it went for the signed-in shopper who entered it: won, bought, lapsed, or not drawn with their number on
 * the waiting list. Nothing for anyone else, and nothing in the server's page: the browser asks once it runs.
 */
export function PastDraw({ productId }: { productId: string }) {
  const { user } = useSession();
  const hydrated = useHydrated();
  const verified = hydrated && Boolean(user?.emailVerified);
  const query = useQuery({ ...myDropsQuery(user?.uid ?? ''), enabled: verified });
  const mine = verified
    ? query.data?.find(
        (one) => one.drop.product.id === productId && one.drop.state === 'finished' && one.entry !== null,
      )
    : undefined;
  if (!mine?.entry) return null;
  return (
    <section className="past-draw" aria-labelledby="past-draw-title">
      <h2 id="past-draw-title" className="past-draw__title">
        The draw for this release is over
      </h2>
      <p className="past-draw__result mb-1">
        Your entry, size {mine.entry.size}: {drawOutcome(mine.entry)}.
      </p>
      <Link to={`/drops/${mine.drop.id}`} className="link-dark fw-semibold">
        See the draw and check it yourself
      </Link>
    </section>
  );
}
