import type { PrivacySettings } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

const PRIVACY_SETTINGS_KEY = ['admin', 'privacy-settings'] as const;

/** `GET /api/settings/privacy` (settings.write): the hold on erasures. */
export function usePrivacySettings() {
  return useQuery({
    queryKey: PRIVACY_SETTINGS_KEY,
    queryFn: () => api.get<PrivacySettings>('/settings/privacy'),
  });
}

/** `PUT /api/settings/privacy`. */
export function useSavePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettings) => api.put<PrivacySettings>('/settings/privacy', body),
    onSuccess: (saved) => queryClient.setQueryData(PRIVACY_SETTINGS_KEY, saved),
  });
}
