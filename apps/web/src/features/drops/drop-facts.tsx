import { type Drop, type DropState, formatPrice } from '@shop/contracts';
import { Link } from 'react-router';
import { DROP_MODE_LABELS } from '../../components/drop-card';
import { DropCountdown, DropTime } from '../../components/drop-countdown';
import { DropSizesTable } from '../../components/drop-sizes-table';

export const DROP_STATE_LABELS: Record<DropState, string> = {
  scheduled: 'Coming soon',
  entry_open: 'Entry open',
  entry_closed: 'Entry closed, drawing soon',
  drawn: 'Drawn: winners are buying',
  pre_queue: 'Waiting room open',
  live: 'Live: letting shoppers in',
  finished: 'Finished',
};

/** The drop's product as a card, linking to its page. */
export function DropProduct({ drop }: { drop: Drop }) {
  const { product } = drop;
  return (
    <Link to={`/home/${product.id}`} className="drop-product text-reset text-decoration-none">
      <img src={product.card_picture} alt="" width={480} height={360} className="drop-product__image" />
      <span className="drop-product__text">
        <span className="text-uppercase small text-muted fw-semibold">{product.brand}</span>
        <span className="drop-product__name">{product.name}</span>
        <span className="fw-bold">{formatPrice(product.price)}</span>
        <span className="small link-dark text-decoration-underline">See the product</span>
      </span>
    </Link>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** How and when the drop happens. */
export function DropFacts({ drop }: { drop: Drop }) {
  return (
    <dl className="drop-facts">
      <Fact term="How">{DROP_MODE_LABELS[drop.mode]}</Fact>
      <Fact term="Now">{DROP_STATE_LABELS[drop.state]}</Fact>
      <Fact term="Release">
        <DropTime at={drop.releaseAt} />
        {drop.state === 'finished' ? null : (
          <span className="d-block drop-facts__countdown">
            <DropCountdown to={drop.releaseAt} />
          </span>
        )}
      </Fact>
      {drop.entryOpensAt ? (
        <Fact term="Entry opens">
          <DropTime at={drop.entryOpensAt} />
        </Fact>
      ) : null}
      {drop.entryClosesAt ? (
        <Fact term="Entry closes">
          <DropTime at={drop.entryClosesAt} />
        </Fact>
      ) : null}
      {drop.preQueueOpensAt ? (
        <Fact term="Waiting room opens">
          <DropTime at={drop.preQueueOpensAt} />
        </Fact>
      ) : null}
      <Fact term="Per person">{drop.perPersonLimit === 1 ? '1 pair' : `${drop.perPersonLimit} pairs`}</Fact>
      {drop.mode === 'draw' ? (
        <Fact term="Winners pay within">{drop.purchaseWindowMinutes} minutes</Fact>
      ) : (
        <Fact term="Let in">{drop.admissionPerMinute ?? '—'} shoppers a minute</Fact>
      )}
    </dl>
  );
}

/**
 * The sizes released: the pairs in each and, for a draw, how many entered for it. A size of the product
 * with no pairs in the drop, and nobody who entered for it, was not released and is left out.
 */
export function DropSizes({ drop }: { drop: Drop }) {
  const released = drop.sizes.filter((size) => size.units > 0 || size.entrants > 0);
  return (
    <DropSizesTable
      drop={{ ...drop, sizes: released }}
      className="table drop-table mb-0"
      caption="Sizes released"
      sizeHeading="Size (US)"
    />
  );
}
