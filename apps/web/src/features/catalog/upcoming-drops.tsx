import { useQuery } from '@tanstack/react-query';
import { AlertError } from '../../components/alert-error';
import { DropCard } from '../../components/drop-card';
import { LoadingCards } from '../../components/loading-cards';
import { dropsQuery } from '../../lib/drops/drops-api';

export const NO_DROPS_TEXT = 'No drops are coming up right now. Check back soon.';

/** The catalogue's `?upcoming=1`: the upcoming and live drops as cards, soonest first. */
export function UpcomingDrops({ onShowProducts }: { onShowProducts: () => void }) {
  const query = useQuery(dropsQuery());
  const drops = query.data ?? [];
  return (
    <section aria-labelledby="catalog-drops-heading" aria-busy={query.isPending}>
      <h2 id="catalog-drops-heading" className="visually-hidden">
        Upcoming drops
      </h2>
      {query.isError ? <AlertError message={query.error.message} onRetry={() => query.refetch()} /> : null}
      {query.isPending ? (
        <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4">
          <LoadingCards count={4} />
        </div>
      ) : drops.length > 0 ? (
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4 list-unstyled">
          {drops.map((drop) => (
            <li key={drop.id} className="col">
              <DropCard drop={drop} />
            </li>
          ))}
        </ul>
      ) : query.isSuccess ? (
        <div className="catalog__empty text-center py-5">
          <p className="h5 mb-3">{NO_DROPS_TEXT}</p>
          <button type="button" className="btn btn-dark" onClick={onShowProducts}>
            Browse every sneaker
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** '3 upcoming drops', or that they load. */
export function useUpcomingStatus(enabled: boolean): string {
  const query = useQuery({ ...dropsQuery(), enabled });
  if (!enabled) return '';
  if (query.isPending) return 'Loading drops…';
  const count = query.data?.length ?? 0;
  return count === 1 ? '1 upcoming drop' : `${count} upcoming drops`;
}
