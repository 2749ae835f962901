import { type ShopperSizeSystem, type SizeAdvice, sizeText } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { productQuery } from '../../lib/catalog/catalog-queries';
import { useHydrated } from '../../lib/hydrated';
import { useSession } from '../../lib/session';

/**
 * `GET /api/products/:id/size-advice` for the signed-in shopper: the size buyers like them kept in this
 * model, from a model they kept; null for a guest, without such buyers, or when the shop cannot say.
 */
export function useSizeAdvice(productId: string): SizeAdvice {
  const hydrated = useHydrated();
  const { user } = useSession();
  const query = useQuery({
    queryKey: ['size-advice', productId, user?.uid ?? ''],
    queryFn: () => api.get<SizeAdvice>(`/products/${encodeURIComponent(productId)}/size-advice`),
    enabled: hydrated && user !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (user && query.data) || null;
}

/**
 * The size the shopper kept in another model (a key of that model), in `system` as that model's chart
 * gives it ('EU 44'), else in US ('US 10'). The other model's page is read only for a system other than US.
 */
export function useKeptSizeText(
  basis: { productId: string; size: string } | undefined,
  system: ShopperSizeSystem,
): string {
  const other = useQuery({
    ...productQuery(basis?.productId ?? ''),
    enabled: basis !== undefined && system !== 'US',
    retry: false,
  }).data;
  if (!basis) return '';
  const value = system === 'US' ? undefined : other?.sizes?.find((size) => size.key === basis.size)?.[system];
  return value ? sizeText(system, value) : sizeText('US', basis.size);
}
