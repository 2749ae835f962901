import type { OrderReturn } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { returnSlipUrl } from '../../../../lib/returns';

/** After a return is opened: its number and what to do with the parcel. The focus comes here. */
export function ReturnNextSteps({ opened, onClose }: { opened: OrderReturn; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const pairs = opened.lines.reduce((sum, line) => sum + line.count, 0);
  return (
    <section className="return-next" aria-labelledby={`return-next-${opened.id}`}>
      <h3 id={`return-next-${opened.id}`} ref={heading} tabIndex={-1} className="return-next__title">
        Return {opened.number} is open
      </h3>
      <p className="return-next__lead">
        We will look at it and e-mail you. Meanwhile, get the {pairs === 1 ? 'pair' : `${pairs} pairs`} ready:
      </p>
      <ol className="return-next__steps">
        <li>Pack the {pairs === 1 ? 'pair' : 'pairs'} in their box, with everything that came with them.</li>
        <li>
          Write the return number <strong className="return-number">{opened.number}</strong> on the parcel, or
          put the printed return slip inside.
        </li>
        <li>Send it back to us once the return is approved.</li>
      </ol>
      <div className="return-next__actions">
        <a
          href={returnSlipUrl(opened.id)}
          target="_blank"
          rel="noopener"
          className="btn btn-dark btn-sm"
          aria-label="Print the return slip (opens in a new tab)"
        >
          Print the return slip
        </a>
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={onClose}>
          Done
        </button>
      </div>
    </section>
  );
}
