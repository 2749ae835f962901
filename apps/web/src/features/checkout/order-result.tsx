import type { Order } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { OrderSummary } from '../../components/order-summary';
import { ShopCard } from '../../components/shop-card';
import { ApiError } from '../../lib/api';
import { useProviderLabel } from '../../lib/payment-providers';
import { type OrderLink, readOrderLink } from './order-link';

/** Pieces shared by /order-completed and /order-canceled. */

type Tone = 'success' | 'canceled' | 'pending' | 'info';
const ICONS: Record<Tone, string> = { success: '✓', canceled: '✕', pending: '…', info: '?' };

export function ResultHero({ tone, title, children }: { tone: Tone; title: string; children?: ReactNode }) {
  return (
    <div className="order-result__hero">
      <span className={`order-result__icon order-result__icon--${tone}`} aria-hidden="true">
        {tone === 'pending' ? <span className="spinner-border spinner-border-sm" /> : ICONS[tone]}
      </span>
      <h1 className="order-result__title">{title}</h1>
      {children}
    </div>
  );
}

/** The order that was bought, in its card. */
export function OrderDetails({ order }: { order: Order }) {
  const providerLabel = useProviderLabel();
  return (
    <ShopCard headingId="order-details-heading" title="Your order" titleClassName="checkout-card__title mb-3">
      <OrderSummary order={order} payment={providerLabel(order.provider)} showState={false} />
    </ShopCard>
  );
}

/** A link of a result page's actions: the primary one is dark, the others outlined. */
export interface ResultLink {
  to: string;
  label: string;
  primary?: boolean;
}

/** The result page's way on: its links, after any button given as children. */
export function ResultActions({ links, children }: { links: readonly ResultLink[]; children?: ReactNode }) {
  return (
    <div className="order-result__actions">
      {children}
      {links.map(({ to, label, primary }) => (
        <Link key={to} to={to} className={`btn ${primary ? 'btn-dark' : 'btn-outline-dark'}`}>
          {label}
        </Link>
      ))}
    </div>
  );
}

/** After a payment that did not happen: back to the kept cart, or on with shopping. */
export const TRY_AGAIN_LINKS: readonly ResultLink[] = [
  { to: '/cart', label: 'Back to your cart', primary: true },
  { to: '/home', label: 'Keep shopping' },
];

interface ResultPageProps {
  /** The document's title. */
  title: string;
  /** What the page does with the order its link names, once a visit: the query's name and call. */
  action: 'cancel' | 'confirm';
  run: (link: OrderLink) => Promise<Order>;
  /** Said while it runs ('Confirming your payment…'). */
  loadingText: string;
  /** The heading and the words of what failed, if it fails. */
  errorTitle: string;
  errorAction: string;
  /** The page for the order as the call answered it; `search` is the link's own query string. */
  children: (order: Order, search: string) => ReactNode;
}

/**
 * A page the payment page sends its buyer back to: it reads the order's link, sets the order's state once a
 * visit (never again on focus, reconnect or remount), and shows the call's progress, failure or answer.
 */
export function ResultPage(props: ResultPageProps) {
  const [params] = useSearchParams();
  const link = readOrderLink(params);
  if (!link) return <InvalidOrderLink />;
  return <LinkResult link={link} search={params.toString()} {...props} />;
}

function LinkResult({
  link,
  search,
  title,
  action,
  run,
  loadingText,
  errorTitle,
  errorAction,
  children,
}: ResultPageProps & { link: OrderLink; search: string }) {
  const query = useQuery({
    queryKey: ['order', action, link],
    queryFn: () => run(link),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  });
  return (
    <main className="container py-4 py-lg-5 order-result">
      <title>{title}</title>
      {query.isPending ? (
        <ResultLoading text={loadingText} />
      ) : query.isError ? (
        <ResultError error={query.error} title={errorTitle} action={errorAction} />
      ) : (
        children(query.data, search)
      )}
    </main>
  );
}

function InvalidOrderLink() {
  return (
    <main className="container py-5 order-result">
      <title>Order · Sneaker Shop</title>
      <ResultHero tone="info" title="We could not read this link">
        <p className="order-result__lead">
          The link is missing the order details from the payment page. If you paid, your order is in your
          account.
        </p>
      </ResultHero>
      <ResultActions
        links={[
          { to: '/home', label: 'Back to the shop', primary: true },
          { to: '/account/orders', label: 'Your orders' },
        ]}
      />
    </main>
  );
}

function ResultError({ error, title, action }: { error: Error; title: string; action: string }) {
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <>
      <h1 className="h4 fw-bold text-center mb-3">{title}</h1>
      <AlertError message={`We could not ${action}: ${error.message}`} dismissible={false}>
        {signedOut && (
          <Link to="/login" className="btn btn-sm btn-outline-danger mt-2">
            Log in
          </Link>
        )}
      </AlertError>
      <ResultActions
        links={[
          { to: '/cart', label: 'Go to your cart' },
          { to: '/home', label: 'Back to the shop', primary: true },
        ]}
      />
    </>
  );
}

function ResultLoading({ text }: { text: string }) {
  return (
    <div className="d-flex flex-column align-items-center gap-3 py-5" role="status">
      <span className="spinner-border text-dark" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
