import { CAROUSEL_MAX, type ProductSummary } from '@shop/contracts';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { type ProductListParams, useProductList } from '../lib/catalog/catalog-queries';
import { CarouselSlider, DEFAULT_STEPS, STRIP_STEPS } from './carousel-slider';
import { LoadingCard } from './loading-cards';
import { ProductCard } from './product-card';

export interface ProductCarouselProps {
  title: string;
  /** Catalogue filters (category, brand, gender...); the limit is always CAROUSEL_MAX. */
  params: ProductListParams;
  /** 'strip' packs more, smaller cards per view (brand and category strips). */
  variant?: 'carousel' | 'strip';
  /** Where 'View all' leads; no link when absent. */
  viewAllTo?: string;
  headingLevel?: 2 | 3;
  className?: string;
}

/** Product cards in a carousel; also usable with products the caller already has. */
export function ProductSlider({
  title,
  products,
  loading = false,
  variant = 'carousel',
  action,
  headingLevel,
  className,
}: {
  title: string;
  products: ProductSummary[];
  loading?: boolean;
  variant?: 'carousel' | 'strip';
  action?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const steps = variant === 'strip' ? STRIP_STEPS : DEFAULT_STEPS;
  const slides = loading
    ? // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      Array.from({ length: 6 }, (_, i) => <LoadingCard key={i} short />)
    : products.slice(0, CAROUSEL_MAX).map((product) => <ProductCard key={product._id} product={product} />);
  return (
    <div aria-busy={loading || undefined}>
      {loading ? <span className="visually-hidden">Loading {title}…</span> : null}
      {/* Its own boundary: the browser takes a server-rendered page's carousels over one by one, in
          short tasks, instead of the whole page in one long one. */}
      <Suspense>
        <CarouselSlider
          title={title}
          slides={slides}
          steps={steps}
          action={action}
          headingLevel={headingLevel}
          frozen={loading}
          className={`product-carousel product-carousel--${variant} ${className ?? ''}`}
        />
      </Suspense>
    </div>
  );
}

/** A titled carousel of up to CAROUSEL_MAX products matching `params` (spec: carousels and brand strips). */
export function ProductCarousel({
  title,
  params,
  variant = 'carousel',
  viewAllTo,
  headingLevel,
  className,
}: ProductCarouselProps) {
  const query = useProductList({ ...params, limit: CAROUSEL_MAX });
  const viewAll = viewAllTo ? (
    <Link to={viewAllTo} className="carousel-slider__all">
      View all<span className="visually-hidden"> {title}</span>
    </Link>
  ) : null;

  if (query.isError && !query.data) {
    return (
      <section className={`carousel-slider ${className ?? ''}`} aria-label={title}>
        <div className="carousel-slider__head">
          <h2 className="section-title m-0">{title}</h2>
        </div>
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
          <div className="flex-grow-1">
            <h3 className="alert-heading h6 mb-1">Oh snap! You got an error!</h3>
            <p className="mb-0 small">{query.error.message}</p>
          </div>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </div>
      </section>
    );
  }

  const products = query.data?.products ?? [];
  if (!query.isPending && products.length === 0) {
    return (
      <section className={`carousel-slider ${className ?? ''}`} aria-label={title}>
        <div className="carousel-slider__head">
          <h2 className="section-title m-0">{title}</h2>
        </div>
        <p className="carousel-slider__empty">
          New pairs are on their way. <Link to="/home">Browse every sneaker</Link>
        </p>
      </section>
    );
  }

  return (
    <ProductSlider
      title={title}
      products={products}
      loading={query.isPending}
      variant={variant}
      action={viewAll}
      headingLevel={headingLevel}
      className={className}
    />
  );
}
