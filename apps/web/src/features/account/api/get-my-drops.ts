import { useQuery } from '@tanstack/react-query';
import { myDropsQuery } from '../../../lib/drops/drops-api';

/** `GET /api/drops/me` (myDropsSchema): the shopper's draw entries and waiting-room places, newest release first. */
export function useMyDrops(uid: string) {
  return useQuery(myDropsQuery(uid));
}
