import type { ActivityList, AuditKind } from '@shop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** Staff actions per page; a page shorter than this is the last. */
export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_QUERY_KEY = ['admin', 'activity'] as const;

export interface ActivityFilter {
  actor?: string;
  kind?: AuditKind;
  page: number;
}

/** `GET /api/admin/activity?actor=&kind=&page=&limit=` (activityQuerySchema): newest first. */
export function getActivity({ actor, kind, page }: ActivityFilter): Promise<ActivityList> {
  return api.get<ActivityList>('/admin/activity', { actor, kind, page, limit: ACTIVITY_PAGE_SIZE });
}

/** One page of staff actions; the page shown stays while the next one loads. */
export function useActivity(filter: ActivityFilter) {
  return useQuery({
    queryKey: [...ACTIVITY_QUERY_KEY, filter],
    queryFn: () => getActivity(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
