import { type DropSummary, formatPrice } from '@shop/contracts';
import { CardPictureLink } from './card-picture-link';
import { DropCountdown, DropTime } from './drop-countdown';
import './drop-card.css';

export const DROP_MODE_LABELS: Record<DropSummary['mode'], string> = {
  draw: 'Draw',
  queue: 'First come',
};

/** What a card says of the drop's moment: the entry or the waiting room is open, it is drawn, or how long to go. */
function DropMoment({ drop }: { drop: DropSummary }) {
  if (drop.state === 'entry_open') return <span className="drop-card__live">Entry open</span>;
  if (drop.state === 'pre_queue') return <span className="drop-card__live">Waiting room open</span>;
  if (drop.state === 'live') return <span className="drop-card__live">Live now</span>;
  if (drop.state === 'drawn') return <span className="drop-card__live">Drawn: winners buying</span>;
  if (drop.state === 'entry_closed') return <span className="drop-card__live">Drawing now</span>;
  return (
    <span className="drop-card__countdown">
      <span className="visually-hidden">Starts in </span>
      <DropCountdown to={drop.releaseAt} />
    </span>
  );
}

/**
 * An upcoming drop as a card (the landing page's 'Next drops', the catalogue's upcoming drops): picture,
 * name, price, how it is released and when, linking to the product's page.
 */
export function DropCard({ drop }: { drop: DropSummary }) {
  const { product } = drop;
  return (
    <article className="card h-100 border-0 drop-card">
      <CardPictureLink
        productId={product.id}
        picture={product.card_picture}
        name={product.name}
        className="drop-card__image"
      />
      <span className={`drop-card__mode drop-card__mode--${drop.mode}`}>{DROP_MODE_LABELS[drop.mode]}</span>
      <div className="card-body d-flex flex-column gap-1">
        <span className="text-uppercase small text-muted fw-semibold">{product.brand}</span>
        <h3 className="h6 card-title mb-1">{product.name}</h3>
        <span className="fw-bold">{formatPrice(product.price)}</span>
        <span className="small text-muted">
          Release <DropTime at={drop.releaseAt} />
        </span>
        <DropMoment drop={drop} />
      </div>
    </article>
  );
}
