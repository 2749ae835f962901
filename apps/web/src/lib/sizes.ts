import {
  BRANDS,
  type Brand,
  type ChartGender,
  type FitAnswer,
  keysForSize,
  type MySizes,
  SHOPPER_SIZE_SYSTEMS,
  type ShopperSize,
  type ShopperSizeSystem,
  SIZE_VALUE_PATTERN,
  type SizeChart,
  type SizeChartRow,
  type UserDashboard,
} from '@shop/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { ApiError, api } from './api';
import { DASHBOARD_QUERY_KEY, dashboardQuery } from './dashboard';
import { useHydrated } from './hydrated';
import { useSession } from './session';

/**
 * The shopper's sizes (issue 39): the system they read sizes in, and their size ("EU 44", and per brand
 * where it differs). A signed-in shopper's are kept in the profile; a guest's in the browser
 * (localStorage, under SIZES_STORAGE_KEY), and a guest's choice is kept there too once signed in, so it is
 * not lost on the way.
 */
export const SIZES_STORAGE_KEY = 'my-sizes';

export const NO_SIZES: MySizes = { brands: {} };

interface StoredSizes {
  system: ShopperSizeSystem | null;
  mySizes: MySizes | null;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const isSystem = (value: unknown): value is ShopperSizeSystem =>
  (SHOPPER_SIZE_SYSTEMS as readonly unknown[]).includes(value);

const isSize = (value: unknown): value is ShopperSize => {
  const size = value as Partial<ShopperSize> | null;
  return (
    typeof size === 'object' &&
    size !== null &&
    isSystem(size.system) &&
    typeof size.value === 'string' &&
    SIZE_VALUE_PATTERN.test(size.value)
  );
};

/**
 * Stored sizes as the profile's schema takes them, checked by hand: the schemas' library stays off the
 * pages that only show sizes (every page's footer reads the system).
 */
function asMySizes(value: unknown): MySizes | null {
  const stored = value as { default?: unknown; brands?: unknown } | null;
  if (typeof stored !== 'object' || stored === null) return null;
  if (stored.default !== undefined && !isSize(stored.default)) return null;
  const brands = stored.brands;
  if (typeof brands !== 'object' || brands === null || Array.isArray(brands)) return null;
  const entries = Object.entries(brands);
  if (!entries.every(([brand, size]) => (BRANDS as readonly string[]).includes(brand) && isSize(size)))
    return null;
  const clean = (size: ShopperSize): ShopperSize => ({ system: size.system, value: size.value });
  return {
    ...(stored.default ? { default: clean(stored.default) } : {}),
    brands: Object.fromEntries(entries.map(([brand, size]) => [brand, clean(size as ShopperSize)])),
  };
}

/** What the browser keeps, or nothing where what is stored is not a system or sizes. */
function readStored(): StoredSizes {
  try {
    const raw = JSON.parse(storage()?.getItem(SIZES_STORAGE_KEY) ?? 'null') as Partial<StoredSizes> | null;
    return { system: isSystem(raw?.system) ? raw.system : null, mySizes: asMySizes(raw?.mySizes) };
  } catch {
    return { system: null, mySizes: null };
  }
}

interface SizeStore extends StoredSizes {
  keep: (change: Partial<StoredSizes>) => void;
}

export const useSizeStore = create<SizeStore>()((set, get) => ({
  ...readStored(),
  keep: (change) => {
    const next = { system: get().system, mySizes: get().mySizes, ...change };
    try {
      storage()?.setItem(SIZES_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage blocked: the choice still holds on this page.
    }
    set(next);
  },
}));

/** Reads the browser's sizes again (tests, and another tab's change). */
export function rehydrateSizes(): void {
  useSizeStore.setState(readStored());
}

export interface SizePrefs {
  /** The system sizes are shown in: the profile's, else the browser's, else US. */
  system: ShopperSizeSystem;
  /** The shopper's sizes (none given: no default, no brand). */
  mySizes: MySizes;
  /** Whether they are settled (the page is live and a signed-in shopper's profile has answered). */
  known: boolean;
  /** Shows sizes in `system` from now on (kept in the profile when signed in, and in the browser). */
  chooseSystem: (system: ShopperSizeSystem) => Promise<void>;
  /** Keeps these as the shopper's sizes; a signed-in shopper's profile refuses a size no chart gives. */
  saveMySizes: (mySizes: MySizes) => Promise<void>;
}

/** `PUT /api/users/update/:id` with the sizes; answers the dashboard. */
async function saveToProfile(
  uid: string,
  changes: { sizeSystem?: ShopperSizeSystem; mySizes?: MySizes },
): Promise<UserDashboard> {
  const [dashboard] = await api.put<UserDashboard[]>(`/users/update/${encodeURIComponent(uid)}`, changes);
  if (!dashboard) throw new ApiError(500, 'HTTP_ERROR', 'Your sizes were not saved');
  return dashboard;
}

/**
 * The shopper's size system and sizes, and the ways to change them. What only the browser knows is read
 * once the page is live, so the first render matches the server's (US, no size).
 */
export function useSizePrefs(): SizePrefs {
  const hydrated = useHydrated();
  const { user, loading } = useSession();
  const queryClient = useQueryClient();
  const stored = useSizeStore();
  const dashboard = useQuery({ ...dashboardQuery(user?.uid ?? ''), enabled: hydrated && user !== null });
  const profile = hydrated && user ? dashboard.data : undefined;
  const local = hydrated ? stored : { system: null, mySizes: null };
  const profileHasSizes = hasSizes(profile?.mySizes);
  const known = hydrated && !loading && (!user || dashboard.isSuccess || dashboard.isError);

  async function save(changes: { sizeSystem?: ShopperSizeSystem; mySizes?: MySizes }) {
    stored.keep({
      ...(changes.sizeSystem ? { system: changes.sizeSystem } : {}),
      ...(changes.mySizes ? { mySizes: changes.mySizes } : {}),
    });
    if (!user) return;
    const saved = await saveToProfile(user.uid, changes);
    queryClient.setQueryData(DASHBOARD_QUERY_KEY(user.uid), saved);
  }

  return {
    system: (profile && user ? profile.sizeSystem : null) ?? local.system ?? 'US',
    mySizes: (profileHasSizes ? profile?.mySizes : local.mySizes) ?? NO_SIZES,
    known,
    chooseSystem: (system) => save({ sizeSystem: system }),
    saveMySizes: (mySizes) => save({ mySizes }),
  };
}

const hasSizes = (sizes: MySizes | null | undefined): sizes is MySizes =>
  Boolean(sizes && (sizes.default || Object.keys(sizes.brands).length > 0));

/**
 * What a guest chose in this browser that a profile with nothing of its own takes over (a profile still
 * at US with no size), or null: a shopper who picked EU and saved 44 before signing up keeps them.
 */
function carriedOver(
  profile: Pick<UserDashboard, 'sizeSystem' | 'mySizes'>,
  stored: StoredSizes,
): { sizeSystem?: ShopperSizeSystem; mySizes?: MySizes } | null {
  if (profile.sizeSystem !== 'US' || hasSizes(profile.mySizes)) return null;
  const changes = {
    ...(stored.system && stored.system !== 'US' ? { sizeSystem: stored.system } : {}),
    ...(hasSizes(stored.mySizes) ? { mySizes: stored.mySizes } : {}),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Accounts whose profile was offered the browser's sizes on this page (once each). */
const offered = new Set<string>();

/**
 * Carries the browser's sizes into the signed-in shopper's profile once, when the profile has none of its
 * own (carriedOver). Used once per page (the footer's chooser); a size the profile refuses stays in the
 * browser only.
 */
export function useCarriedSizes(): void {
  const hydrated = useHydrated();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...dashboardQuery(user?.uid ?? ''), enabled: hydrated && user !== null }).data;
  useEffect(() => {
    if (!user || !profile || offered.has(user.uid)) return;
    offered.add(user.uid);
    const changes = carriedOver(profile, useSizeStore.getState());
    if (!changes) return;
    saveToProfile(user.uid, changes).then(
      (saved) => queryClient.setQueryData(DASHBOARD_QUERY_KEY(user.uid), saved),
      () => undefined,
    );
  }, [user, profile, queryClient]);
}

/** The shopper's size for a brand: the brand's own, else their size. */
export function mySizeFor(mySizes: MySizes, brand: Brand): ShopperSize | undefined {
  return mySizes.brands[brand] ?? mySizes.default;
}

/** `GET /api/size-charts?brand=&gender=`: a brand's chart (public, cached by the browser for minutes). */
export function sizeChartQuery(brand: Brand, gender: ChartGender) {
  return queryOptions({
    queryKey: ['size-chart', brand, gender] as const,
    queryFn: () => api.get<SizeChart>(`/size-charts?brand=${brand}&gender=${gender}`),
    staleTime: 5 * 60_000,
  });
}

/** A brand's chart, once asked for (undefined meanwhile, or with `enabled` false). */
export function useSizeChart(brand: Brand | undefined, gender: ChartGender, enabled = true) {
  return useQuery({
    ...sizeChartQuery(brand ?? 'other', gender),
    enabled: enabled && brand !== undefined,
  }).data;
}

/** The keys of a product (of these chart rows and shift) that fit the shopper's size for its brand. */
export function myKeys(
  rows: readonly SizeChartRow[] | undefined,
  size: ShopperSize | undefined,
  shift: number,
) {
  return rows && size ? keysForSize(rows, size.system, size.value, shift) : [];
}

/** How a buyer says a shoe fits, as the shop writes it: 'Runs small', 'True to size', 'Runs large'. */
export const FIT_LABELS: Record<FitAnswer, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};
