import { formatPrice, type ProductDetail } from '@shop/contracts';
import { lazy, type MouseEvent, type ReactNode, Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { FavoriteButton } from '../../components/favorite-button';
import { NoIndex } from '../../components/no-index';
import { RatingStars } from '../../components/rating-stars';
import { SalePrice } from '../../components/sale-price';
import { SizePicker } from '../../components/size-picker';
import { TaxNote } from '../../components/tax-note';
import { lineTotal } from '../../lib/cart/cart-store';
import { lastCatalogHref, previousEntryIsCatalog } from '../../lib/catalog/catalog-history';
import { isProductNotFound, useProduct } from '../../lib/catalog/catalog-queries';
import { useHydrated } from '../../lib/hydrated';
import { BackInStock } from './back-in-stock';
import { DropPanel } from './drop-panel';
import { PastDraw } from './past-draw';
import { ProductDescription } from './product-description';
import { ProductFacts } from './product-facts';
import { ProductHead } from './product-head';
import { QuantityPicker } from './quantity-picker';
import { DeleteReviewButton, ProductStaffTools, useIsAdmin } from './staff-tools';
import { useAddToCart } from './use-add-to-cart';
import { useProductDrop } from './use-product-drop';
import './product.css';
import { formatDay } from '../../lib/dates';
import { FIT_LABELS } from '../../lib/sizes';
import { MySizeLine } from './my-size-line';
import { ProductFit } from './product-fit';
import { type ProductSizes, usePreselect, useProductSizes } from './use-product-sizes';

/** The 'added to the cart' dialog (react-bootstrap's Modal) comes with the first pair added, not with the page. */
const AddedToCartModal = lazy(() =>
  import('./added-to-cart-modal').then((module) => ({ default: module.AddedToCartModal })),
);

export const NO_REVIEWS_TEXT = "Sadly this product doesn't have any review yet...";

/** /home/:id: one product, its sizes and the add-to-cart flow. */
export function ProductPage() {
  const { id } = useParams();
  const query = useProduct(id);

  let content: ReactNode;
  if (query.isPending) content = <ProductSkeleton />;
  else if (query.isError && isProductNotFound(query.error)) content = <ProductNotFound />;
  else if (query.isError)
    content = <AlertError message={query.error.message} className="mt-3" onRetry={() => query.refetch()} />;
  else
    content = (
      <ProductDetails key={query.data._id} product={query.data} onChanged={() => void query.refetch()} />
    );

  return (
    <main className="container py-3 py-lg-4 product">
      <BackToCatalog />
      {content}
    </main>
  );
}

/** Back to the catalogue as it was: history back when we came from it, else its last URL (or /home). */
function BackToCatalog() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (previousEntryIsCatalog()) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link to={hydrated ? lastCatalogHref() : '/home'} onClick={onClick} className="product__back link-dark">
      <span aria-hidden="true">←</span> Back to products
    </Link>
  );
}

function ProductDetails({ product, onChanged }: { product: ProductDetail; onChanged: () => void }) {
  const isAdmin = useIsAdmin();
  const purchase = useAddToCart(product);
  const drop = useProductDrop(product._id);
  const sizes = useProductSizes(product);
  const { added } = purchase;

  return (
    <>
      <title>{`${product.name} · Sneaker Shop`}</title>
      <ProductHead product={product} drop={drop.drop} />
      <div className="row g-4 g-lg-5 mt-0">
        <ProductPicture product={product} />

        <div className="col-12 col-lg-5">
          {isAdmin ? <ProductStaffTools productId={product._id} productName={product.name} /> : null}
          <p className="product__brand mb-1">{product.brand}</p>
          <h1 className="product__name">{product.name}</h1>
          <div className="d-flex align-items-center gap-3 mb-3">
            <SalePrice
              className="product__price"
              price={product.price}
              compareAtPrice={product.compareAtPrice}
              priorPrice={product.priorPrice}
            />
            <RatingStars rating={product.rating} />
          </div>
          <TaxNote className="product__tax-note" />
          <ProductFacts product={product} />

          {drop.drop ? (
            <DropPanel drop={drop.drop} sizes={sizes} />
          ) : drop.settled ? (
            <>
              <PastDraw productId={product._id} />
              <ProductPurchase product={product} purchase={purchase} sizes={sizes} onChanged={onChanged} />
            </>
          ) : (
            <div className="placeholder-glow mt-2" aria-hidden="true">
              <span className="placeholder col-12 product__drop-wait" />
            </div>
          )}

          <ProductFit productId={product._id} fit={product.fit} sizes={sizes} />
          <ProductDescription description={product.description} />
        </div>
      </div>

      <Reviews
        productId={product._id}
        reviews={product.reviews}
        sizes={sizes}
        canDelete={isAdmin}
        onDeleted={onChanged}
      />

      {added && (
        <Suspense fallback={null}>
          <AddedToCartModal
            show={purchase.showAdded}
            result={added.result}
            item={added.item}
            cartItems={purchase.cartItems}
            cartTotal={purchase.cartTotal}
            onHide={purchase.hideAdded}
          />
        </Suspense>
      )}
    </>
  );
}

/** The sizes, the quantity and Add to cart, with the back-in-stock alerts of sold-out sizes. */
function ProductPurchase({
  product,
  purchase,
  sizes,
  onChanged,
}: {
  product: ProductDetail;
  purchase: ReturnType<typeof useAddToCart>;
  sizes: ProductSizes;
  onChanged: () => void;
}) {
  const { size, count, maxCount, soldOut } = purchase;
  usePreselect(sizes.myKeys, purchase.sizes, size, purchase.chooseSize);
  const mySoldOut =
    sizes.myKeys.some((key) => purchase.soldOutSizes.includes(key)) &&
    !sizes.myKeys.some((key) => purchase.sizes.some((option) => option.size === key && option.units > 0));
  return (
    <>
      {purchase.sizes.length > 0 ? (
        <SizePicker
          options={purchase.sizes}
          value={size}
          onChange={purchase.chooseSize}
          label={sizes.tile}
          system={sizes.system}
          onSystemChange={sizes.chooseSystem}
        />
      ) : null}
      <MySizeLine sizes={sizes} options={purchase.sizes} chosen={size} onChoose={purchase.chooseSize} />
      {soldOut && <p className="text-danger fw-semibold mt-2">This product is sold out.</p>}
      <BackInStock
        product={product}
        soldOutSizes={purchase.soldOutSizes}
        allSoldOut={soldOut}
        onStockChanged={onChanged}
        nameOf={sizes.name}
        mine={mySoldOut && sizes.mineText ? { keys: sizes.myKeys, text: sizes.mineText } : null}
      />

      {size && maxCount > 0 && (
        <QuantityPicker
          size={sizes.name(size)}
          count={count}
          maxCount={maxCount}
          units={purchase.units}
          onChange={purchase.setCount}
        />
      )}

      <div className="d-flex gap-2 mt-4 product__actions">
        <button
          type="button"
          className="btn btn-dark btn-lg product__add flex-grow-1"
          disabled={!size || maxCount < 1}
          onClick={purchase.addToCart}
          aria-describedby={size ? undefined : 'product-add-hint'}
        >
          Add to cart{size ? ` · ${formatPrice(lineTotal(product.price, count))}` : ''}
        </button>
        <FavoriteButton product={product} variant="page" />
      </div>
      {!size && !soldOut && (
        <p id="product-add-hint" className="small text-muted mt-2 mb-0">
          Choose a size to add this product to your cart.
        </p>
      )}
    </>
  );
}

/** The product's large picture, fetched first: it is the page's largest paint. */
function ProductPicture({ product }: { product: ProductDetail }) {
  return (
    <div className="col-12 col-lg-7">
      <div className="product__media">
        <img src={product.detail_picture} alt={product.name} width={1200} height={900} fetchPriority="high" />
      </div>
    </div>
  );
}

function Reviews({
  productId,
  reviews,
  sizes,
  canDelete,
  onDeleted,
}: {
  productId: string;
  reviews: ProductDetail['reviews'];
  sizes: ProductSizes;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  return (
    <section className="product__reviews mt-5" aria-labelledby="product-reviews-heading">
      <h2 id="product-reviews-heading" className="product__section-title">
        Reviews
      </h2>
      {reviews.length === 0 ? (
        <p className="text-muted mb-0">{NO_REVIEWS_TEXT}</p>
      ) : (
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {reviews.map((review) => (
            <li key={review._id} className="product__review">
              <div className="d-flex align-items-center gap-2 mb-1">
                {review.user.image ? (
                  <img src={review.user.image} alt="" width={32} height={32} className="rounded-circle" />
                ) : null}
                <span className="fw-semibold">{review.user.username}</span>
                <RatingStars rating={review.rating} />
                <span className="small text-muted ms-auto">{formatDay(review.date)}</span>
                {canDelete ? (
                  <DeleteReviewButton productId={productId} review={review} onDeleted={onDeleted} />
                ) : null}
              </div>
              <ReviewFit review={review} sizes={sizes} />
              <p className="mb-0">{review.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Fit: runs small · Bought EU 44 (US 10)', as far as the reviewer said. */
function ReviewFit({ review, sizes }: { review: ProductDetail['reviews'][number]; sizes: ProductSizes }) {
  const parts = [
    review.fit ? `Fit: ${FIT_LABELS[review.fit].toLowerCase()}` : null,
    review.sizeBought ? `Bought ${sizes.label(review.sizeBought)}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return <p className="product__review-fit">{parts.join(' · ')}</p>;
}

function ProductNotFound() {
  return (
    <section className="text-center py-5 product__not-found">
      <title>Product not found · Sneaker Shop</title>
      <NoIndex />
      <h1 className="product__name">We couldn't find this sneaker</h1>
      <p className="text-muted">It may have been removed from the shop, or the link is wrong.</p>
      <Link to="/home" className="btn btn-dark btn-lg">
        Browse all products
      </Link>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="row g-4 g-lg-5 mt-0 placeholder-glow product__skeleton">
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      <div className="col-12 col-lg-7" aria-hidden="true">
        <div className="product__media placeholder w-100" />
      </div>
      <div className="col-12 col-lg-5 d-flex flex-column gap-3" aria-hidden="true">
        <span className="placeholder col-3" />
        <span className="placeholder placeholder-lg col-10" />
        <span className="placeholder col-4" />
        <span className="placeholder col-8" />
        <div className="d-flex flex-wrap gap-2">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <span key={i} className="placeholder product__skeleton-tile" />
          ))}
        </div>
        <span className="placeholder placeholder-lg col-12" />
      </div>
    </div>
  );
}
