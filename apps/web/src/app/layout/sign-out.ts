import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/** Spec: logout goes to / first, then signs out; the session query is refreshed afterwards. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await navigate('/');
    try {
      await fetch('/api/auth/sign-out', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['session'] });
    }
  };
}
