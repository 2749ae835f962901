import type { RecoverySettings } from '@shop/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { RECOVERY_SETTINGS_KEY } from './get-recovery-settings';

/**
 * `PUT /api/settings/recovery` with the settings that changed (a settings change: the server may ask for
 * a step-up first, which the API client asks for and sends again): the settings as saved.
 */
export function saveRecoverySettings(changes: Partial<RecoverySettings>): Promise<RecoverySettings> {
  return api.put<RecoverySettings>('/settings/recovery', changes);
}

export function useSaveRecoverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecoverySettings,
    onSuccess: (saved) => queryClient.setQueryData(RECOVERY_SETTINGS_KEY, saved),
  });
}
