import { formatPrice, type Product } from '@shop/contracts';
import { Link } from 'react-router';
import { SecondaryBanner } from '../../components/secondary-banner';
import { useFeaturedProducts } from '../../lib/catalog/catalog-queries';
import { SneakerArt } from './sneaker-art';

/**
 * The home banner: the featured Air Jordan 1 Mid XQ with the story of its original run and a More Info
 * button to its page. The landing page uses its title as the page's h1.
 */
export function PromoHero({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { data, isPending } = useFeaturedProducts();
  const promo = data?.promo ?? null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section className="promo-hero" aria-labelledby="promo-hero-title" aria-busy={isPending || undefined}>
      <div className="container promo-hero__inner">
        <div className="promo-hero__copy">
          <p className="promo-hero__eyebrow">Limited re-release</p>
          <Heading id="promo-hero-title" className="promo-hero__title">
            {promo ? promo.name : 'Air Jordan 1 Mid XQ'}
          </Heading>
          <p className="promo-hero__text">
            The original 240-pair run from 2007 became a collector's legend. The XQ brings that story back:
            premium leather, the classic mid cut and a colourway made to be worn, not shelved.
          </p>
          <div className="promo-hero__actions">
            {promo ? (
              <>
                <Link to={`/home/${promo._id}`} className="btn btn-accent btn-lg rounded-pill px-4">
                  More Info <span className="visually-hidden">about {promo.name}</span>
                </Link>
                <span className="promo-hero__price">{formatPrice(promo.price)}</span>
              </>
            ) : isPending ? (
              <span className="btn btn-accent btn-lg rounded-pill px-4 disabled" aria-hidden="true">
                More Info
              </span>
            ) : (
              <Link to="/home" className="btn btn-accent btn-lg rounded-pill px-4">
                Shop sneakers
              </Link>
            )}
          </div>
        </div>
        <div className="promo-hero__media">
          <span className="promo-hero__number" aria-hidden="true">
            240
          </span>
          {promo || isPending ? (
            <figure className="promo-hero__frame">
              {promo ? (
                <img
                  src={promo.detail_picture}
                  alt={promo.name}
                  className="promo-hero__image"
                  width={800}
                  height={600}
                  fetchPriority="high"
                />
              ) : (
                <div className="promo-hero__image placeholder-glow" aria-hidden="true" />
              )}
              <figcaption className="promo-hero__badge">Original run: 240 pairs · 2007</figcaption>
            </figure>
          ) : (
            <SneakerArt className="promo-hero__art" />
          )}
        </div>
      </div>
    </section>
  );
}

function bannerText(product: Product) {
  const category = product.category[0] ?? 'every day';
  return (
    <p>
      From the {product.collection} collection by {product.brand}: a {product.color.toLowerCase()} pair made
      for {category}. Now <strong>{formatPrice(product.price)}</strong>.
    </p>
  );
}

/** The two featured banner products (spec: prices 53 and 63), each with More Info to its page. */
export function FeaturedBanners({ className = '' }: { className?: string }) {
  const { data, isPending, isError } = useFeaturedProducts();
  if (isError) return null;
  if (isPending) {
    return (
      <div className={`featured-banners ${className}`} aria-busy="true">
        <div className="featured-banners__placeholder placeholder-glow" aria-hidden="true">
          <span className="placeholder w-100 h-100" />
        </div>
      </div>
    );
  }
  const banners = data.banners.slice(0, 2);
  if (banners.length === 0) return null;
  return (
    <div className={`featured-banners ${className}`}>
      {banners.map((product, index) => (
        <SecondaryBanner
          key={product._id}
          eyebrow={index === 0 ? 'Featured deal' : 'Also on offer'}
          title={product.name}
          text={bannerText(product)}
          image={product.detail_picture}
          imageAlt={product.name}
          to={`/home/${product._id}`}
          buttonLabel="More Info"
          inverted={index === 1}
        />
      ))}
    </div>
  );
}
