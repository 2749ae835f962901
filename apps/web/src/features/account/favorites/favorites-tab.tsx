import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ProductCard } from '../../../components/product-card';
import { useAccount } from '../account-context';
import { StockAlerts } from './stock-alerts';

export const NO_FAVORITES_TEXT = 'You need to add products to favorite';

/**
 * /account/favorites: the favourite products as cards with the heart (pressing it removes the card) and
 * 'More Info', then the back-in-stock alerts.
 */
export function FavoritesTab() {
  const { user, dashboard } = useAccount();
  const products = dashboard.productsFavourites;
  const heading = useRef<HTMLHeadingElement>(null);
  const count = useRef(products.length);

  // A heart pressed here removes its card: focus would be lost with it, so it goes to the heading.
  useEffect(() => {
    const removed = products.length < count.current;
    count.current = products.length;
    if (removed && (document.activeElement === document.body || !document.activeElement))
      heading.current?.focus();
  }, [products.length]);

  return (
    <div className="d-grid gap-5">
      <section aria-labelledby="favorites-heading">
        <div className="account-section-head">
          <h2 id="favorites-heading" ref={heading} tabIndex={-1} className="account-section-title">
            Favorites
          </h2>
          {products.length > 0 ? (
            <p className="account-section-count">
              {products.length === 1 ? '1 product' : `${products.length} products`}
            </p>
          ) : null}
        </div>
        {products.length === 0 ? (
          <EmptyState text={NO_FAVORITES_TEXT}>
            <Link to="/home" className="btn btn-accent">
              Let's go!
            </Link>
          </EmptyState>
        ) : (
          <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-lg-4 list-unstyled mb-0">
            {products.map((product) => (
              <li key={product._id} className="col">
                <ProductCard
                  product={product}
                  action={
                    <Link
                      to={`/home/${product._id}`}
                      className="btn btn-dark btn-sm w-100 account-more-info"
                      aria-label={`More Info about ${product.name}`}
                    >
                      More Info
                    </Link>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <StockAlerts uid={user.uid} />
    </div>
  );
}
