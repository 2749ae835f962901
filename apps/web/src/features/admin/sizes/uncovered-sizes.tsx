import type { SizeChart } from '@shop/contracts';
import { useId } from 'react';

/** The products of the chart's brand and gender with a size in stock the chart does not give. */
export function UncoveredSizes({ uncovered }: { uncovered: SizeChart['uncovered'] }) {
  const id = useId();
  if (!uncovered || uncovered.length === 0) return null;
  return (
    <section className="admin-size-charts__uncovered" aria-labelledby={id}>
      <h3 id={id} className="admin-size-charts__subtitle">
        Sizes in stock this chart does not give
      </h3>
      <p className="admin-muted mb-2">
        These sizes have no label in the other systems: add them to the chart.
      </p>
      <ul className="admin-size-charts__uncovered-list">
        {uncovered.map((product) => (
          <li key={product.productId}>
            <span className="fw-semibold">{product.name}</span>:{' '}
            {product.sizes.map((size) => `US ${size}`).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
