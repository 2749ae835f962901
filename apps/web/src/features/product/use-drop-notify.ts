import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { errorText } from '../../lib/api';
import { dropNotifyQuery, setDropNotify } from '../../lib/drops/drops-api';
import { useSignInGate } from './use-sign-in-gate';

/** 'Notify me' for one drop: whether it is on, and the toggle (a guest is asked to log in). */
export function useDropNotify(dropId: string) {
  const gate = useSignInGate();
  const client = useQueryClient();
  const uid = gate.user?.uid ?? '';
  const query = useQuery({ ...dropNotifyQuery(dropId, uid), enabled: Boolean(gate.user) });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const on = Boolean(gate.user) && query.data === true;

  const toggle = async (event: MouseEvent<HTMLButtonElement>) => {
    if (busy || !gate.allow(event, false)) return;
    setBusy(true);
    setError(null);
    try {
      const notify = await setDropNotify(dropId, !on);
      client.setQueryData(dropNotifyQuery(dropId, uid).queryKey, notify);
      setStatus(
        notify ? 'We will e-mail you once when it starts.' : 'You will not be e-mailed about this drop.',
      );
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return { gate, on, busy, status, error, toggle };
}
