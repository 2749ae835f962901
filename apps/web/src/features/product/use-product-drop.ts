import { useQuery } from '@tanstack/react-query';
import { dropsQuery } from '../../lib/drops/drops-api';

/**
 * The product's upcoming or live drop, if it is released as one. `settled` once the answer came (or
 * failed: the page then sells as usual, and the server still refuses a product not yet released).
 */
export function useProductDrop(productId: string) {
  // A drop moves on with the clock (the entry opens, closes, the draw is made): read it again meanwhile.
  const query = useQuery({
    ...dropsQuery(productId),
    refetchInterval: (current) => (current.state.data?.length ? 30_000 : false),
  });
  const drop = query.data?.find((candidate) => candidate.product.id === productId) ?? null;
  return { drop, settled: !query.isPending };
}
