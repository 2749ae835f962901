import type { ProductSummary } from '@shop/contracts';
import type { ReactNode } from 'react';
import { CardPictureLink } from './card-picture-link';
import { FavoriteButton } from './favorite-button';
import { RatingStars } from './rating-stars';
import { SalePrice } from './sale-price';

/**
 * A product tile: picture, brand, name, rating and price, linking to the product's page; a favourite heart.
 * A `priority` card (the first row of a list) loads its picture at once and ahead of other pictures, as
 * it is likely the largest thing on the first screen; the others wait until they near the screen.
 * An `action` (Favorites' 'More Info') sits at the card's foot, above the card-wide link.
 */
export function ProductCard({
  product,
  priority = false,
  action,
}: {
  product: ProductSummary;
  priority?: boolean;
  action?: ReactNode;
}) {
  return (
    <article className="card h-100 product-card border-0">
      <CardPictureLink
        productId={product._id}
        picture={product.card_picture}
        name={product.name}
        className="product-card__image"
        priority={priority}
      />
      <FavoriteButton product={product} />
      <div className="card-body d-flex flex-column gap-1">
        <span className="text-uppercase small text-muted fw-semibold">{product.brand}</span>
        <h3 className="h6 card-title mb-1 product-card__name line-clamp-2">{product.name}</h3>
        <div className="mt-auto d-flex flex-wrap justify-content-between align-items-center column-gap-2">
          <SalePrice
            className="fw-bold"
            price={product.price}
            compareAtPrice={product.compareAtPrice}
            priorPrice={product.priorPrice}
          />
          <RatingStars rating={product.rating} />
        </div>
      </div>
      {action ? <div className="product-card__action">{action}</div> : null}
    </article>
  );
}
