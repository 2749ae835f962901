import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DropCard } from '../../components/drop-card';
import { dropsQuery } from '../../lib/drops/drops-api';

const SHOWN = 3;

/**
 * 'Next drops': up to three upcoming limited releases, only when there are any. It sits below the first
 * screen and the server renders it with its data, so it moves nothing on arrival.
 */
export function NextDrops() {
  const query = useQuery(dropsQuery());
  const drops = query.data?.slice(0, SHOWN) ?? [];
  if (drops.length === 0) return null;
  return (
    <section className="next-drops" aria-labelledby="next-drops-title">
      <div className="carousel-slider__head">
        <h2 id="next-drops-title" className="section-title m-0">
          Next drops
        </h2>
        <Link to="/home?upcoming=1" className="carousel-slider__all">
          All upcoming drops
        </Link>
      </div>
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 g-lg-4 list-unstyled mb-0">
        {drops.map((drop) => (
          <li key={drop.id} className="col">
            <DropCard drop={drop} />
          </li>
        ))}
      </ul>
    </section>
  );
}
