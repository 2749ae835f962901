import type { Drop } from '@shop/contracts';
import { Link } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { NoIndex } from '../../components/no-index';
import { PageHead } from '../../components/page-head';
import { ApiError } from '../../lib/api';
import { productShareImage } from '../../lib/page-head';
import { DrawProof } from './draw-proof';
import { DropFacts, DropProduct, DropSizes } from './drop-facts';
import { useDropPage } from './use-drop-page';
import './drops.css';

/** How a first-come drop's waiting room works, and the way in while it is open. */
function QueueRules({ drop }: { drop: Drop }) {
  const open = drop.state === 'pre_queue' || drop.state === 'live';
  return (
    <section className="drop-section" aria-labelledby="queue-rules-title">
      <h2 id="queue-rules-title" className="drop-section__title">
        How the waiting room works
      </h2>
      <p>
        The waiting room opens before the release. At the release, everyone already in it is put in a random
        order, so arriving earlier doesn't help or hurt; who comes later queues behind them. We let shoppers
        in at a steady rate; your turn lasts a few minutes to pay, with{' '}
        {drop.perPersonLimit === 1 ? 'one pair' : `up to ${drop.perPersonLimit} pairs`} a person.
      </p>
      {open ? (
        <Link to={`/drops/${drop.id}/queue`} className="btn btn-dark btn-lg rounded-pill px-4">
          Join the waiting room
        </Link>
      ) : null}
    </section>
  );
}

function DropDetails({ drop, myEntryId }: { drop: Drop; myEntryId: string | null }) {
  return (
    <>
      <title>{`${drop.product.name} drop · Sneaker Shop`}</title>
      <PageHead
        title={`${drop.product.name} drop · Sneaker Shop`}
        description={`A limited release of the ${drop.product.brand} ${drop.product.name}, ${
          drop.mode === 'draw'
            ? 'by a draw anyone can check'
            : 'first come, first served through a fair waiting room'
        }.`}
        path={`/drops/${encodeURIComponent(drop.id)}`}
        image={{ path: productShareImage(drop.product.id), alt: drop.product.name }}
      />
      <p className="drop-page__eyebrow">Limited release</p>
      <h1 className="drop-page__title">{drop.product.name}</h1>
      <div className="row g-4 mt-0">
        <div className="col-12 col-lg-4">
          <DropProduct drop={drop} />
        </div>
        <div className="col-12 col-lg-8">
          <DropFacts drop={drop} />
          {drop.state === 'entry_open' ? (
            <p>
              <Link to={`/home/${drop.product.id}`} className="btn btn-dark btn-lg rounded-pill px-4">
                Enter the draw
              </Link>
            </p>
          ) : null}
          <section className="drop-section" aria-labelledby="drop-sizes-title">
            <h2 id="drop-sizes-title" className="drop-section__title">
              Sizes
            </h2>
            <DropSizes drop={drop} />
          </section>
          {drop.mode === 'draw' ? (
            <DrawProof drop={drop} myEntryId={myEntryId} />
          ) : (
            <QueueRules drop={drop} />
          )}
        </div>
      </div>
    </>
  );
}

/** /drops/:id: a drop, how it works and, once drawn, the draw's proof that anyone can check. */
export function DropPage() {
  const { query, myEntryId } = useDropPage();
  let content: React.ReactNode;
  if (query.isPending)
    content = (
      <p className="text-muted py-5" role="status">
        Loading the drop…
      </p>
    );
  else if (query.isError && query.error instanceof ApiError && query.error.status === 404)
    content = (
      <section className="text-center py-5">
        <title>Drop not found · Sneaker Shop</title>
        <NoIndex />
        <h1 className="drop-page__title">We couldn't find this drop</h1>
        <p className="text-muted">The link may be wrong.</p>
        <Link to="/home?upcoming=1" className="btn btn-dark btn-lg">
          See the upcoming drops
        </Link>
      </section>
    );
  else if (query.isError)
    content = <AlertError message={query.error.message} className="mt-3" onRetry={() => query.refetch()} />;
  else content = <DropDetails drop={query.data} myEntryId={myEntryId} />;
  return <main className="container py-3 py-lg-4 drop-page">{content}</main>;
}
