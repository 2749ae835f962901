import {
  PROMOTION_STATES,
  type Promotion,
  type PromotionKind,
  type PromotionState,
  promotionKind,
} from '@shop/contracts';

/** What a promotion takes off, in words: "20% off", "$15.00 off", "Free shipping". */
export function offerText(kind: PromotionKind, value: number | null): string {
  const strategy = promotionKind(kind);
  if (strategy.field && value === null) return '—';
  return strategy.offer(value);
}

/** Uses so far against the cap: "12 of 100", or "12 (no limit)". */
export function usesText(promotion: Pick<Promotion, 'uses' | 'totalUses'>): string {
  return promotion.totalUses === null
    ? `${promotion.uses} (no limit)`
    : `${promotion.uses} of ${promotion.totalUses}`;
}

/** The cap per customer in words. */
export const perCustomerText = (cap: number | null) => (cap === null ? 'No limit' : `${cap} per customer`);

/** What the list shows, all kept in the address: `?state=&search=&page=`. */
export interface PromotionsView {
  state: PromotionState | '';
  search: string;
  page: number;
}

const isState = (value: string | null): value is PromotionState =>
  value !== null && (PROMOTION_STATES as readonly string[]).includes(value);

/** The list's filters from the address; anything unreadable falls back to all (not archived), page 1. */
export function readPromotionsView(params: URLSearchParams): PromotionsView {
  const state = params.get('state');
  const page = Number(params.get('page'));
  return {
    state: isState(state) ? state : '',
    search: (params.get('search') ?? '').trim().slice(0, 32),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view, defaults left out (also the export's query string). */
export function promotionsSearchParams(view: PromotionsView, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  if (view.state) params.set('state', view.state);
  if (view.search) params.set('search', view.search);
  if (withPage && view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The CSV of the promotions the filters find (every page). */
export function exportHref(view: PromotionsView): string {
  const query = promotionsSearchParams(view, false).toString();
  return `/api/promotions/export.csv${query ? `?${query}` : ''}`;
}

/** What the list says after a save (the navigation's state). */
export interface SavedNotice {
  saved: string;
}
