import { useMemo } from 'react';
import { sanitizeDescription } from '../../lib/description-html';

/** The product's description, its HTML sanitised. */
export function ProductDescription({ description }: { description: string }) {
  const html = useMemo(() => sanitizeDescription(description), [description]);
  return (
    <section className="product__description mt-4" aria-labelledby="product-description-heading">
      <h2 id="product-description-heading" className="h6 text-uppercase fw-bold">
        Description
      </h2>
      {/* Sanitised with DOMPurify (basic formatting tags only, no attributes). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above */}
      <div className="product__description-body" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
