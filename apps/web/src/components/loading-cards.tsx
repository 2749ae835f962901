import './loading.css';

/**
 * A product-card-shaped placeholder, shown while the catalogue loads; `short` is a carousel's: three lines
 * and no price row.
 */
export function LoadingCard({ short = false }: { short?: boolean }) {
  const block = short ? 'carousel-placeholder' : 'loading-card';
  return (
    <div className={`card h-100 border-0 shadow-sm placeholder-glow ${block}`} aria-hidden="true">
      <div className={`placeholder w-100 ${block}__image`} />
      <div className="card-body d-flex flex-column gap-2">
        <span className="placeholder col-4 placeholder-sm" />
        <span className="placeholder col-10" />
        <span className={`placeholder ${short ? 'col-6' : 'col-7'}`} />
        {short ? null : (
          <div className="d-flex justify-content-between mt-2">
            <span className="placeholder col-3" />
            <span className="placeholder col-4" />
          </div>
        )}
      </div>
    </div>
  );
}

/** `count` placeholder cards, each in a grid column (the caller provides the row). */
export function LoadingCards({
  count,
  columnClassName = 'col',
}: {
  count: number;
  columnClassName?: string;
}) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className={columnClassName}>
          <LoadingCard />
        </div>
      ))}
    </>
  );
}

/**
 * A centred spinner with a text for screen readers. `className` sets the box's room (`py-4` unless given;
 * `py-5` for a page's or a tab's content), `spinnerClassName` the spinner's size and colour.
 */
export function LoadingSpinner({
  label = 'Loading…',
  className = 'py-4',
  spinnerClassName,
}: {
  label?: string;
  className?: string;
  spinnerClassName?: string;
}) {
  return (
    <div className={`d-flex justify-content-center ${className}`} role="status">
      <span
        className={spinnerClassName ? `spinner-border ${spinnerClassName}` : 'spinner-border'}
        aria-hidden="true"
      />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
