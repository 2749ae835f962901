import type { RecoverySettings } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const RECOVERY_SETTINGS_KEY = ['admin', 'recovery-settings'] as const;

/** `GET /api/settings/recovery` (settings.write): whether reminders go out, their delays, the soft opt-in. */
export function getRecoverySettings(): Promise<RecoverySettings> {
  return api.get<RecoverySettings>('/settings/recovery');
}

export function useRecoverySettings() {
  return useQuery({ queryKey: RECOVERY_SETTINGS_KEY, queryFn: getRecoverySettings });
}
