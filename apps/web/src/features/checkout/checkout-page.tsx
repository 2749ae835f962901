import {
  formatPrice,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  SUCCESS_MESSAGE_MS,
  type UserDashboard,
} from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { AlertError } from '../../components/alert-error';
import { AlertSuccess } from '../../components/alert-success';
import { LockIcon } from '../../components/icons';
import { OrderLines } from '../../components/order-lines';
import { ApiError } from '../../lib/api';
import { EMPTY_CART_TEXT, useCartRefresh } from '../../lib/cart/cart-check';
import { DASHBOARD_QUERY_KEY } from '../../lib/dashboard';
import { useHydrated } from '../../lib/hydrated';
import { type SessionUser, useSession } from '../../lib/session';
import { AVATAR_MAX_BYTES, startPayment, updateProfile, uploadAvatar, useDashboard } from './checkout-api';
import { rememberCheckout } from './checkout-pending';
import {
  changedFields,
  fieldMessage,
  isComplete,
  PROFILE_FIELDS,
  PROFILE_LABELS,
  type ProfileField,
  type ProfileValues,
  profileResolver,
  profileValues,
} from './profile-form';
import { PROVIDER_LABELS } from './provider-labels';
import './checkout.css';

export const NOT_YOUR_CHECKOUT = 'This is not your checkout';
export const SAVED_MESSAGE = 'Data successfully set!';

const PROVIDER_HINTS: Record<PaymentProvider, string> = {
  stripe: 'Visa, Mastercard, American Express and more',
  paypal: 'Pay with your PayPal account or balance',
};

/** /checkout/:id: the buyer's details, the order summary, the payment choice and Buy. */
export function CheckoutPage() {
  const { id } = useParams();
  const { user, loading } = useSession();
  // The checkout reads the cart from the browser's storage: a server-rendered page waits for it.
  const hydrated = useHydrated();

  if (loading || !hydrated) return <PageSpinner label="Loading your checkout" />;
  if (!user) {
    return (
      <main className="container py-5 checkout-message">
        <title>Checkout · Sneaker Shop</title>
        <h1 className="h3 fw-bold">Log in to check out</h1>
        <p>Your checkout needs you to be logged in.</p>
        <Link to="/login" className="btn btn-dark">
          Log in
        </Link>
      </main>
    );
  }
  if (id !== user.uid) {
    return (
      <main className="container py-5 checkout-message">
        <title>Checkout · Sneaker Shop</title>
        <h1 className="h3 fw-bold">{NOT_YOUR_CHECKOUT}</h1>
        <p>This checkout belongs to another account. You can only pay for your own cart.</p>
        <Link to={`/checkout/${user.uid}`} className="btn btn-dark">
          Go to your checkout
        </Link>
      </main>
    );
  }
  return <Checkout user={user} />;
}

function Checkout({ user }: { user: SessionUser }) {
  const dashboard = useDashboard(user.uid);
  return (
    <main className="container py-4 py-lg-5 checkout">
      <title>Checkout · Sneaker Shop</title>
      <h1 className="section-title mb-3 mb-lg-4">Checkout</h1>
      {dashboard.isPending ? (
        <PageSpinner label="Loading your details" inline />
      ) : dashboard.isError ? (
        <AlertError
          message={`We could not load your details: ${dashboard.error.message}`}
          onRetry={() => dashboard.refetch()}
        />
      ) : (
        <CheckoutForm user={user} dashboard={dashboard.data} />
      )}
    </main>
  );
}

type Phase = 'idle' | 'saving' | 'paying' | 'redirecting';

function CheckoutForm({ user, dashboard }: { user: SessionUser; dashboard: UserDashboard }) {
  const queryClient = useQueryClient();
  const cart = useCartRefresh();
  const form = useForm<ProfileValues>({
    defaultValues: profileValues(dashboard),
    resolver: profileResolver,
    mode: 'onTouched',
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isDirty, dirtyFields },
  } = form;
  const values = useWatch({ control });
  const complete = isComplete({
    phone: values.phone ?? '',
    address: values.address ?? '',
    city: values.city ?? '',
    state: values.state ?? '',
    country: values.country ?? '',
  });

  const [provider, setProvider] = useState<PaymentProvider | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [saved, setSaved] = useState(0);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [buyError, setBuyError] = useState<ApiError | Error | null>(null);
  const [uploading, setUploading] = useState(false);

  // Coming back from the payment page with the browser's Back button may restore this page as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPhase('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  /** Saves what changed; on a refusal marks the fields and throws. */
  const save = async (next: ProfileValues) => {
    const answer = await updateProfile(user.uid, changedFields(next, dirtyFields)).catch((error: unknown) => {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (isProfileFieldName(field)) {
            setError(field, { type: 'server', message: fieldMessage(field, message) });
          }
        }
      }
      throw error;
    });
    queryClient.setQueryData(DASHBOARD_QUERY_KEY(user.uid), answer);
    reset(profileValues(answer));
    setSaved((count) => count + 1);
  };

  const onSave = async (next: ProfileValues) => {
    if (!isDirty) return;
    setSaveError(null);
    setPhase('saving');
    try {
      await save(next);
    } catch (error) {
      setSaveError(errorText(error));
    } finally {
      setPhase('idle');
    }
  };

  const onBuy = async (next: ProfileValues) => {
    if (!provider) return;
    setBuyError(null);
    setSaveError(null);
    try {
      if (isDirty) {
        setPhase('saving');
        await save(next);
      }
      setPhase('paying');
      const { orderId, url } = await startPayment(provider, {
        products: cart.buyable,
        finalAmount: cart.buyableTotal,
        user: { uid: user.uid, email: user.email, username: user.username },
      });
      rememberCheckout(
        orderId,
        cart.buyable.map((line) => line.idAux),
      );
      setPhase('redirecting');
      window.location.assign(url);
    } catch (error) {
      setPhase('idle');
      setBuyError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const onInvalidBuy = (invalid: FieldErrors<ProfileValues>) => {
    const first = PROFILE_FIELDS.find((field) => invalid[field]);
    if (first) form.setFocus(first);
  };

  const busy = phase !== 'idle';
  const cartReady = cart.status === 'ready' || cart.status === 'error';
  const canBuy = Boolean(provider) && complete && cartReady && cart.buyable.length > 0 && !uploading && !busy;
  let buyHint = '';
  if (cart.items.length === 0 || (cartReady && cart.buyable.length === 0))
    buyHint = 'There is nothing to buy in your cart.';
  else if (!complete) buyHint = 'Fill in all your details to continue.';
  else if (!provider) buyHint = 'Choose a payment method to continue.';

  const buyLabel = {
    idle: 'Buy',
    saving: 'Saving your details…',
    paying: 'Preparing your payment…',
    redirecting: 'Taking you to the payment page…',
  }[phase];

  return (
    <form className="row g-4" noValidate onSubmit={handleSubmit(onSave)}>
      <div className="col-12 col-lg-7">
        <section className="checkout-card" aria-labelledby="checkout-details-heading">
          <h2 id="checkout-details-heading" className="checkout-card__title">
            Your details
          </h2>
          <p className="small text-muted">We ship your order to this address.</p>

          <AvatarField
            image={values.image ?? ''}
            username={dashboard.username || user.username}
            disabled={busy}
            onUploading={setUploading}
            onUploaded={(url) => setValue('image', url, { shouldDirty: true })}
          />

          <div className="row g-3">
            <div className="col-12">
              <label htmlFor="checkout-email" className="form-label">
                E-mail
              </label>
              <input
                id="checkout-email"
                type="email"
                className="form-control"
                value={dashboard.email || user.email}
                readOnly
                aria-describedby="checkout-email-hint"
              />
              <div id="checkout-email-hint" className="form-text">
                Your receipt goes here. It cannot be changed at checkout.
              </div>
            </div>
            {PROFILE_FIELDS.map((field) => (
              <div key={field} className={field === 'address' ? 'col-12' : 'col-12 col-sm-6'}>
                <label htmlFor={`checkout-${field}`} className="form-label">
                  {PROFILE_LABELS[field]}
                </label>
                <input
                  id={`checkout-${field}`}
                  className={`form-control${errors[field] ? ' is-invalid' : ''}`}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `checkout-${field}-error` : undefined}
                  disabled={busy}
                  {...FIELD_INPUT_PROPS[field]}
                  {...register(field)}
                />
                {errors[field] && (
                  <div id={`checkout-${field}-error`} className="invalid-feedback">
                    {errors[field]?.message}
                  </div>
                )}
              </div>
            ))}
          </div>

          <div className="checkout-card__actions" aria-live="polite">
            {isDirty && (
              <>
                <button type="submit" className="btn btn-dark" disabled={busy || uploading}>
                  {phase === 'saving' ? 'Saving…' : 'Save details'}
                </button>
                <button
                  type="button"
                  className="btn btn-link link-dark"
                  disabled={busy}
                  onClick={() => reset(profileValues(dashboard))}
                >
                  Cancel
                </button>
              </>
            )}
            {!isDirty && complete && <span className="small text-success fw-semibold">✓ Details saved</span>}
          </div>
          {saved > 0 && (
            <AlertSuccess
              key={saved}
              message={SAVED_MESSAGE}
              autoHideMs={SUCCESS_MESSAGE_MS}
              className="mt-3 mb-0"
            />
          )}
          {saveError && (
            <AlertError message={saveError} onClose={() => setSaveError(null)} className="mt-3 mb-0" />
          )}
        </section>
      </div>

      <div className="col-12 col-lg-5">
        <section className="checkout-card checkout-summary" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading" className="checkout-card__title">
            Order summary
          </h2>
          <OrderSummary cart={cart} />

          <fieldset className="checkout-providers" disabled={busy}>
            <legend className="checkout-providers__legend">Payment method</legend>
            {PAYMENT_PROVIDERS.map((value) => (
              <div key={value} className={`checkout-provider checkout-provider--${value}`}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="provider"
                  id={`provider-${value}`}
                  value={value}
                  checked={provider === value}
                  onChange={() => setProvider(value)}
                  aria-describedby={`provider-${value}-hint`}
                />
                <label className="checkout-provider__label" htmlFor={`provider-${value}`}>
                  {PROVIDER_LABELS[value]}
                </label>
                <span id={`provider-${value}-hint`} className="checkout-provider__hint">
                  {PROVIDER_HINTS[value]}
                </span>
              </div>
            ))}
          </fieldset>

          <div className="d-grid">
            <button
              type="button"
              className="btn btn-accent btn-lg"
              disabled={!canBuy}
              aria-describedby={buyHint ? 'checkout-buy-hint' : undefined}
              onClick={handleSubmit(onBuy, onInvalidBuy)}
            >
              {busy ? (
                <>
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  {buyLabel}
                </>
              ) : (
                'Buy'
              )}
            </button>
          </div>
          <div aria-live="polite">
            {buyHint && !busy && (
              <p id="checkout-buy-hint" className="small text-muted mt-2 mb-0">
                {buyHint}
              </p>
            )}
          </div>
          {buyError && <BuyError error={buyError} onClose={() => setBuyError(null)} />}
          <p className="checkout-secure small text-muted mt-3 mb-0">
            <LockIcon className="me-1 align-baseline" /> You pay on the provider's secure page. We never see
            your card.
          </p>
        </section>
      </div>
    </form>
  );
}

const FIELD_INPUT_PROPS: Record<ProfileField, { autoComplete: string; inputMode?: 'tel'; type?: string }> = {
  phone: { autoComplete: 'tel', inputMode: 'tel', type: 'tel' },
  address: { autoComplete: 'street-address' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  country: { autoComplete: 'country-name' },
};

const isProfileFieldName = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name);

/** A refusal of profile fields is shown under the fields; anything else in the alert as the server says it. */
function errorText(error: unknown): string {
  if (error instanceof ApiError && Object.keys(error.fields).some(isProfileFieldName))
    return 'Some details were refused: check the marked fields.';
  return error instanceof Error ? error.message : 'Something went wrong';
}

function BuyError({ error, onClose }: { error: Error; onClose: () => void }) {
  const apiError = error instanceof ApiError ? error : null;
  return (
    <AlertError message={errorText(error)} onClose={onClose} className="mt-3 mb-0">
      {apiError?.code === 'OUT_OF_STOCK' && (
        <Link to="/cart" className="btn btn-sm btn-outline-danger mt-2">
          Back to your cart
        </Link>
      )}
      {apiError?.code === 'EMAIL_NOT_VERIFIED' && (
        <Link to="/verify-email" className="btn btn-sm btn-outline-danger mt-2">
          Verify your e-mail
        </Link>
      )}
      {apiError?.status === 401 && (
        <Link to="/login" className="btn btn-sm btn-outline-danger mt-2">
          Log in again
        </Link>
      )}
    </AlertError>
  );
}

function OrderSummary({ cart }: { cart: ReturnType<typeof useCartRefresh> }) {
  if (cart.items.length === 0) {
    return (
      <div className="checkout-summary__empty">
        <p className="fw-semibold mb-2">{EMPTY_CART_TEXT}</p>
        <Link to="/home" className="btn btn-outline-dark btn-sm">
          Browse products
        </Link>
      </div>
    );
  }
  const notices = cart.items.flatMap((item) =>
    (cart.notices[item.idAux] ?? []).map((notice) => `${item.name} (size ${item.size}): ${notice}`),
  );
  return (
    <>
      {cart.status === 'checking' ? (
        <p className="small text-muted d-flex align-items-center gap-2">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          Checking prices and stock…
        </p>
      ) : (
        <OrderLines
          label="Products you are buying"
          lines={cart.buyable.map((item) => ({ ...item, key: item.idAux }))}
        />
      )}
      <div aria-live="polite">
        {cart.status === 'error' && (
          <p className="small text-muted mt-2 mb-0">
            We could not refresh prices and stock just now: the shop checks them again when you pay.
          </p>
        )}
        {notices.length > 0 && (
          <ul className="checkout-summary__notices">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        )}
        {cart.excluded.length > 0 && (
          <p className="small text-danger mt-2 mb-0">
            {cart.excluded.length === 1
              ? '1 product in your cart is not available and is left out. '
              : `${cart.excluded.length} products in your cart are not available and are left out. `}
            <Link to="/cart" className="link-danger">
              Review your cart
            </Link>
          </p>
        )}
      </div>
      <dl className="checkout-summary__rows">
        <div>
          <dt>Shipping</dt>
          <dd>Free</dd>
        </div>
        <div className="checkout-summary__total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatPrice(cart.buyableTotal)}</dd>
        </div>
      </dl>
    </>
  );
}

interface AvatarFieldProps {
  image: string;
  username: string;
  disabled: boolean;
  onUploading: (uploading: boolean) => void;
  onUploaded: (url: string) => void;
}

/** The profile picture: a preview at once, uploaded straight away; its address is saved with the profile. */
function AvatarField({ image, username, disabled, onUploading, onUploaded }: AvatarFieldProps) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  const showPreview = useCallback((url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreview(url);
  }, []);
  useEffect(() => () => showPreview(null), [showPreview]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Choose a picture (JPEG, PNG, WebP or GIF).');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError('The picture must be 5 MB or smaller.');
      return;
    }
    showPreview(URL.createObjectURL(file));
    setUploading(true);
    onUploading(true);
    try {
      onUploaded(await uploadAvatar(file));
    } catch (uploadError) {
      showPreview(null);
      setError(uploadError instanceof Error ? uploadError.message : 'The upload failed');
    } finally {
      setUploading(false);
      onUploading(false);
    }
  };

  const shown = preview ?? image;
  const initial = (username || '?').charAt(0).toUpperCase();
  return (
    <div className="checkout-avatar">
      <div className="checkout-avatar__picture">
        {shown ? <img src={shown} alt="Your avatar" /> : <span aria-hidden="true">{initial}</span>}
        {uploading && (
          <span className="checkout-avatar__busy">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          </span>
        )}
      </div>
      <div className="min-w-0">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden checkout-avatar__input"
          disabled={disabled || uploading}
          onChange={onChange}
          aria-describedby={`${inputId}-hint`}
        />
        <label htmlFor={inputId} className={`btn btn-outline-dark btn-sm${disabled ? ' disabled' : ''}`}>
          {shown ? 'Change picture' : 'Upload a picture'}
        </label>
        <div id={`${inputId}-hint`} className="form-text" aria-live="polite">
          {uploading ? (
            'Uploading…'
          ) : error ? (
            <span className="text-danger">{error}</span>
          ) : (
            'Optional. Up to 5 MB.'
          )}
        </div>
      </div>
    </div>
  );
}

function PageSpinner({ label, inline = false }: { label: string; inline?: boolean }) {
  const spinner = (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <span className="spinner-border text-dark" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
  return inline ? spinner : <main className="container">{spinner}</main>;
}
