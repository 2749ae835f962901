import type { Drop } from '@shop/contracts';
import { AlertError } from '../../components/alert-error';
import type { DrawCheck } from './draw-verify';
import { useDrawCheck } from './use-draw-check';

export const VERIFY_SCRIPT = 'node scripts/verify-draw.mjs';

/** One entry id, marked when it is the shopper's own. */
function EntryId({ id, mine }: { id: string; mine: boolean }) {
  return mine ? (
    <mark className="draw-proof__mine">
      <code>{id}</code> <span className="fw-semibold">(your entry)</span>
    </mark>
  ) : (
    <code>{id}</code>
  );
}

function IdList({ ids, myEntryId }: { ids: string[]; myEntryId: string | null }) {
  return (
    <ol className="draw-proof__ids">
      {ids.map((id) => (
        <li key={id}>
          <EntryId id={id} mine={id === myEntryId} />
        </li>
      ))}
    </ol>
  );
}

/** Per size, the winners in drawn order and every entry, each behind a disclosure. */
function DrawnSizes({ drop, myEntryId }: { drop: Drop; myEntryId: string | null }) {
  const entries = drop.entries ?? {};
  return (
    <div className="d-grid gap-2">
      {Object.entries(entries).map(([size, ids]) => {
        const winners = drop.winners?.[size] ?? [];
        const mine = myEntryId !== null && ids.includes(myEntryId);
        return (
          <details key={size} className="draw-proof__size" open={mine}>
            <summary>
              Size {size}: {winners.length} {winners.length === 1 ? 'winner' : 'winners'} of {ids.length}{' '}
              {ids.length === 1 ? 'entry' : 'entries'}
              {mine ? ' · your entry is here' : ''}
            </summary>
            <h3 className="h6 mt-3">Winners, in drawn order</h3>
            {winners.length > 0 ? <IdList ids={winners} myEntryId={myEntryId} /> : <p>None.</p>}
            <h3 className="h6">Every entry, in the order they were made</h3>
            <IdList ids={ids} myEntryId={myEntryId} />
          </details>
        );
      })}
    </div>
  );
}

/** What the recomputation found, in words. */
function CheckResult({ result }: { result: DrawCheck }) {
  return (
    <ul className="list-unstyled mb-0 draw-proof__result">
      <li className={result.commitmentMatches ? 'text-success' : 'text-danger'}>
        {result.commitmentMatches
          ? 'Commitment matches'
          : `Commitment differs: the seed hashes to ${result.computedCommitment}`}
      </li>
      <li className={result.winnersMatch ? 'text-success' : 'text-danger'}>
        {result.winnersMatch ? 'Winners match' : 'Winners differ'}
      </li>
      {result.sizes
        .filter((size) => !size.matches)
        .map((size) => (
          <li key={size.size} className="text-danger">
            Size {size.size}: recomputed {size.computedWinners.join(', ') || 'none'}; published{' '}
            {size.publishedWinners.join(', ') || 'none'}
          </li>
        ))}
    </ul>
  );
}

/** 'Check the draw yourself': the algorithm exactly, a recomputation here, and the repository's script. */
function CheckYourself({ drop }: { drop: Drop }) {
  const check = useDrawCheck(drop);
  return (
    <section className="drop-section" aria-labelledby="draw-check-title">
      <h2 id="draw-check-title" className="drop-section__title">
        Check the draw yourself
      </h2>
      <ol className="draw-proof__steps">
        <li>
          The commitment is the SHA-256 of the seed's 32 bytes (the seed above, hex-decoded), written as
          lowercase hex. It was published when the entry opened, so the seed was fixed before anyone entered.
        </li>
        <li>
          For each size, give every entry id a score: HMAC-SHA256 with the seed's 32 bytes as the key and the
          entry id (as UTF-8 text) as the message, written as lowercase hex.
        </li>
        <li>
          Sort the size's entries by score, ascending. The first ones, as many as the size's winners, are the
          winners; the rest are the waiting list, in that order.
        </li>
      </ol>
      <p>
        Or run the shop's script from its repository:{' '}
        <code>
          {VERIFY_SCRIPT} {'<drop url>'}
        </code>
        .
      </p>
      <button
        type="button"
        className="btn btn-dark rounded-pill px-4"
        onClick={check.run}
        disabled={check.running}
      >
        {check.running ? 'Recomputing…' : 'Recompute in this browser'}
      </button>
      <div className="mt-3" aria-live="polite">
        {check.result ? <CheckResult result={check.result} /> : null}
      </div>
      {check.error ? <AlertError message={check.error} className="mt-2 mb-0" /> : null}
    </section>
  );
}

/** A draw's proof: the commitment before it, then the seed, the winners and entries, and the check. */
export function DrawProof({ drop, myEntryId }: { drop: Drop; myEntryId: string | null }) {
  const drawn = Boolean(drop.seed && drop.entries);
  return (
    <>
      <section className="drop-section" aria-labelledby="draw-proof-title">
        <h2 id="draw-proof-title" className="drop-section__title">
          The draw
        </h2>
        <dl className="draw-proof__values">
          <dt>Commitment (SHA-256 of the secret seed)</dt>
          <dd>{drop.commitment ? <code>{drop.commitment}</code> : 'Published when the entry opens'}</dd>
          <dt>Seed</dt>
          <dd>{drop.seed ? <code>{drop.seed}</code> : 'Published once the draw is made'}</dd>
        </dl>
        {drawn ? <DrawnSizes drop={drop} myEntryId={myEntryId} /> : null}
      </section>
      {drawn ? <CheckYourself drop={drop} /> : null}
    </>
  );
}
