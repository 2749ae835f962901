import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/auth-api';

/** Spec: logout goes to / first, then signs out; the UI shows a guest as soon as the session has ended. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await navigate('/');
    await signOut(queryClient).catch(() => undefined);
  };
}
