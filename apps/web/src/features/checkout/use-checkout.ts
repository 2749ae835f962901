import {
  type CartItem,
  type OrderTaxRates,
  percentToPcm,
  type TaxQuote,
  toCents,
  type UserDashboard,
} from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { type CartRefresh, useCartRefresh } from '../../lib/cart/cart-check';
import { useCartCode } from '../../lib/cart/cart-code';
import { DASHBOARD_QUERY_KEY } from '../../lib/dashboard';
import { admissionFor } from '../../lib/drops/drop-admission';
import type { CheckoutProvider } from '../../lib/payment-providers';
import type { SessionUser } from '../../lib/session';
import { useSettled } from '../../lib/use-settled';
import { type PaymentBody, startPayment, updateProfile, useTaxQuote } from './checkout-api';
import { rememberCheckout } from './checkout-pending';
import {
  changedFields,
  fieldMessage,
  isComplete,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileValues,
  profileResolver,
  profileValues,
} from './profile-form';
import { COUNTRY_PAUSE_MS, type ShippingChoice, useShippingChoice } from './use-shipping-choice';

export type Phase = 'idle' | 'saving' | 'paying' | 'redirecting';

/**
 * The checkout's data and mutations: the buyer's details form (saved on its own or before paying), the
 * refreshed cart, the payment choice, and Buy, which starts the payment and leaves for the provider's page.
 */
export function useCheckout(user: SessionUser, dashboard: UserDashboard) {
  const queryClient = useQueryClient();
  const cart = useCartRefresh();
  const { form, values, complete } = useDetailsForm(dashboard);
  const {
    reset,
    setError,
    formState: { isDirty, dirtyFields },
  } = form;

  const pricing = usePricing(
    { country: values.country ?? '', state: values.state ?? '', postalCode: values.postalCode ?? '' },
    cart,
    dashboard,
  );
  const { code, shipping, paidByCredit } = pricing;
  const [provider, setProvider] = useState<CheckoutProvider | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [saved, setSaved] = useState(0);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [buyError, setBuyError] = useState<ApiError | Error | null>(null);
  const [uploading, setUploading] = useState(false);

  // Coming back from the payment page with the browser's Back button may restore this page as it was left.
  useIdleOnRestore(setPhase);

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
    const method = shipping.chosen;
    const payWith = provider ?? (paidByCredit ? 'stripe' : null);
    if (!payWith || !method) return;
    setBuyError(null);
    setSaveError(null);
    try {
      if (isDirty) {
        setPhase('saving');
        await save(next);
      }
      setPhase('paying');
      const { orderId, url } = await startPayment(payWith, paymentBody(user, cart, method.id, pricing));
      rememberCheckout(
        orderId,
        cart.buyable.map((line) => line.idAux),
      );
      setPhase('redirecting');
      window.location.assign(url);
    } catch (error) {
      setPhase('idle');
      // The method may have changed meanwhile (staff turned it off): show the methods as they are now.
      if (error instanceof ApiError && 'shippingMethodId' in error.fields) void shipping.retry();
      setBuyError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const onInvalidBuy = (invalid: FieldErrors<ProfileValues>) => {
    const first = PROFILE_FIELDS.find((field) => invalid[field]);
    if (first) form.setFocus(first);
  };

  const busy = phase !== 'idle';
  const cartReady = cart.status === 'ready' || cart.status === 'error';
  const shippingReady = shipping.status === 'ready' && shipping.chosen !== undefined;
  const ready = complete && shippingReady && cartReady && cart.buyable.length > 0;
  const canBuy = (Boolean(provider) || paidByCredit) && ready && !uploading && !busy && !code.checking;

  return {
    form,
    cart,
    /** The code, the store credit on hand and its use, the shipping and the amounts. */
    ...pricing,
    values,
    complete,
    provider,
    setProvider,
    phase,
    busy,
    saved,
    saveError,
    clearSaveError: () => setSaveError(null),
    buyError,
    clearBuyError: () => setBuyError(null),
    uploading,
    setUploading,
    canBuy,
    buyHint: buyHint(cart, cartReady, complete, shipping, paidByCredit ? 'stripe' : provider),
    save: form.handleSubmit(onSave),
    buy: form.handleSubmit(onBuy, onInvalidBuy),
  };
}

export type CheckoutState = ReturnType<typeof useCheckout>;

/** What Buy sends: the lines, the method, the total, the buyer, a drop's admission, the code and the credit. */
function paymentBody(
  user: SessionUser,
  cart: CartRefresh,
  shippingMethodId: string,
  { shipping, code, useCredit, creditOnHand }: ReturnType<typeof usePricing>,
): PaymentBody {
  return {
    products: cart.buyable,
    shippingMethodId,
    finalAmount: shipping.total,
    user: { uid: user.uid, email: user.email, username: user.username },
    admission: admissionFor(cart.buyable),
    code: code.code ?? undefined,
    useCredit: useCredit && creditOnHand > 0,
  };
}

const pcmOf = (rate: number | null | undefined) => (rate == null ? null : (percentToPcm(rate) ?? null));

/** The rates of the tax quote for the cart's lines, or none where the shop collects no tax. */
function taxRatesOf(quote: TaxQuote | undefined, lines: CartItem[]): OrderTaxRates | undefined {
  if (!quote?.collected) return undefined;
  return {
    included: quote.pricesIncludeTax,
    lineRatesPcm: lines.map((line) =>
      pcmOf(quote.lines.find((quoted) => quoted.productId === line.id && quoted.size === line.size)?.rate),
    ),
    shippingRatePcm: pcmOf(quote.shipping.rate),
  };
}

/**
 * What the order comes to: the cart's discount code (checked again on today's lines), the store credit the
 * buyer chose to use, the shipping method, and whether the credit pays everything.
 */
function usePricing(
  place: { country: string; state: string; postalCode: string },
  cart: CartRefresh,
  dashboard: UserDashboard,
) {
  const code = useCartCode(cart.buyable, cart.status === 'ready');
  const [useCredit, setUseCredit] = useState(false);
  const creditOnHand = dashboard.credit;
  // Asked once the address has rested, as the shipping methods are, not at every key.
  const country = useSettled(place.country.trim(), COUNTRY_PAUSE_MS);
  const state = useSettled(place.state.trim(), COUNTRY_PAUSE_MS);
  const postalCode = useSettled(place.postalCode.trim(), COUNTRY_PAUSE_MS);
  const quote = useTaxQuote({ country, state, postalCode }, cart.buyable);
  const shipping = useShippingChoice(place.country, cart.buyable, {
    discount: code.discount,
    eligible: code.eligible,
    creditCents: useCredit && creditOnHand > 0 ? toCents(creditOnHand) : 0,
    tax: taxRatesOf(quote.data, cart.buyable),
  });
  // Credit paying everything needs no provider: the order is placed at once.
  const paidByCredit = shipping.credit > 0 && shipping.toPay === 0;
  return { code, useCredit, setUseCredit, creditOnHand, shipping, paidByCredit };
}

/** The buyer's details form, prefilled from the dashboard, its values as typed and whether all are filled. */
function useDetailsForm(dashboard: UserDashboard) {
  const form = useForm<ProfileValues>({
    defaultValues: profileValues(dashboard),
    resolver: profileResolver,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });
  const complete = isComplete(
    Object.fromEntries(PROFILE_FIELDS.map((field) => [field, values[field] ?? ''])) as Record<
      ProfileField,
      string
    >,
  );
  return { form, values, complete };
}

/** Back to idle when the browser shows this page again from its back-forward cache. */
function useIdleOnRestore(setPhase: (phase: Phase) => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPhase('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [setPhase]);
}

/** Why Buy is not ready yet, or '' when it is. */
function buyHint(
  cart: CartRefresh,
  cartReady: boolean,
  complete: boolean,
  shipping: ShippingChoice,
  provider: CheckoutProvider | null,
) {
  if (cart.items.length === 0 || (cartReady && cart.buyable.length === 0))
    return 'There is nothing to buy in your cart.';
  if (!complete) return 'Fill in all your details to continue.';
  if (shipping.status === 'loading') return 'Finding the ways we ship to your country…';
  if (shipping.status === 'error') return 'We could not load the shipping methods; try again.';
  if (!shipping.chosen) return 'We do not ship to this country yet: check the country in your details.';
  if (!provider) return 'Choose a payment method to continue.';
  return '';
}

const isProfileFieldName = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name);

/** A refusal of profile fields is shown under the fields; anything else in the alert as the server says it. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && Object.keys(error.fields).some(isProfileFieldName))
    return 'Some details were refused: check the marked fields.';
  return error instanceof Error ? error.message : 'Something went wrong';
}
