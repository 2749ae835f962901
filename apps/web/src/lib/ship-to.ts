import { countryCode, usStateCode } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { dashboardQuery } from './dashboard';
import { useHydrated } from './hydrated';
import { useSession } from './session';
import { getShopTax } from './shop-tax';

/**
 * Where the buyer ships to, as the footer's "Ship to" chooser sets it (issue 37): the country whose tax the
 * cart shows. Kept in localStorage under its own key, beside the cart (whose 'carrito' keeps the spec's
 * shape), so the cart remembers it; until one is chosen, the signed-in buyer's profile country, else the
 * shop's home country.
 */
export const SHIP_TO_STORAGE_KEY = 'ship-to';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored country (an ISO 3166 code), or null when none was chosen or what is stored is not one. */
function readStoredCountry(): string | null {
  const stored = storage()?.getItem(SHIP_TO_STORAGE_KEY);
  return (stored && countryCode(stored)) || null;
}

interface ShipToState {
  /** The country chosen in the footer, or null when none was. */
  country: string | null;
  choose: (country: string) => void;
}

export const useShipToStore = create<ShipToState>()((set) => ({
  country: readStoredCountry(),
  choose: (country) => {
    const code = countryCode(country) ?? null;
    try {
      if (code) storage()?.setItem(SHIP_TO_STORAGE_KEY, code);
    } catch {
      // Storage blocked: the choice still holds on this page.
    }
    set({ country: code });
  },
}));

/** Reads the stored choice again (tests, and another tab's change). */
export function rehydrateShipTo(): void {
  useShipToStore.setState({ country: readStoredCountry() });
}

export interface ShipTo {
  /** ISO 3166 code. */
  country: string;
  /** A US state's USPS code, where known: the profile's, or the shop's own for its home country. */
  region: string | undefined;
  /** Whether the buyer chose it (else it is the profile's or the shop's). */
  chosen: boolean;
  /** Whether it is settled: chosen, a guest's, or the signed-in buyer's profile has answered. */
  known: boolean;
  choose: (country: string) => void;
}

/**
 * The destination the storefront shows tax for. What only the browser knows (the stored choice, the
 * signed-in buyer's profile) is read once the page is live, so the first render matches the server's.
 * The profile is asked for only with `askProfile` (the cart, which prices for it); elsewhere (the footer on
 * every page) it is read when a page already has it, so no page makes a request more for it.
 */
export function useShipTo({ askProfile = false }: { askProfile?: boolean } = {}): ShipTo {
  const hydrated = useHydrated();
  const { user, loading } = useSession();
  const stored = useShipToStore((state) => state.country);
  const choose = useShipToStore((state) => state.choose);
  const dashboard = useQuery({
    ...dashboardQuery(user?.uid ?? ''),
    enabled: askProfile && hydrated && user !== null,
  });
  const shop = getShopTax();
  const home = shop?.homeCountry ?? 'US';
  const profile = hydrated && user ? dashboard.data : undefined;
  const profileCountry = profile ? countryCode(profile.country) : undefined;
  const chosen = hydrated ? stored : null;
  const country = chosen ?? profileCountry ?? home;
  let region: string | undefined;
  if (country === 'US' && profile && profileCountry === 'US') region = usStateCode(profile.state);
  else if (country === 'US' && home === 'US') region = shop?.homeRegion || undefined;
  const known =
    hydrated && !loading && (chosen !== null || !user || dashboard.isSuccess || dashboard.isError);
  return { country, region, chosen: chosen !== null, known, choose };
}
