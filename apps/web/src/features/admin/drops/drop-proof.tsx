import type { Drop } from '@shop/contracts';
import { publicDropHref } from './drops-view';

/**
 * What makes a draw provable: the SHA-256 commitment published when the entry opens, and the seed once
 * drawn; with the entry ids on the public page anyone can recompute the winners.
 */
export function DropProof({ drop }: { drop: Drop }) {
  const draw = drop.mode === 'draw';
  return (
    <div className="admin-drops__proof">
      {draw ? (
        <dl className="admin-terms admin-drops__proof-list">
          <div>
            <dt>Commitment (SHA-256 of the seed)</dt>
            <dd>{drop.commitment ? <code>{drop.commitment}</code> : 'Published when the entry opens.'}</dd>
          </div>
          <div>
            <dt>Seed</dt>
            <dd>{drop.seed ? <code>{drop.seed}</code> : 'Revealed once the draw has run.'}</dd>
          </div>
        </dl>
      ) : (
        <p className="admin-muted">
          A first-come drop has no draw: its pre-queue is shuffled at the release.
        </p>
      )}
      <a href={publicDropHref(drop.id)} target="_blank" rel="noopener" className="admin-drops__public">
        {draw ? 'Public proof page' : 'Public drop page'}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
