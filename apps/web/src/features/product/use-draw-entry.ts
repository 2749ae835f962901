import type { DropSummary, MyDropEntry } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { ApiError, errorText } from '../../lib/api';
import { solveDropChallenge } from '../../lib/drops/drop-proof';
import {
  changeEntrySize,
  DROPS_QUERY_KEY,
  enterDraw,
  fetchDropChallenge,
  myDropEntryQuery,
  withdrawEntry,
} from '../../lib/drops/drops-api';
import { useSignInGate } from './use-sign-in-gate';

export type EntryPhase = 'idle' | 'solving' | 'sending' | 'changing' | 'withdrawing';

export interface EntryError {
  message: string;
  /** The profile lacks the shipping address or the phone: the shopper completes it first. */
  profile: boolean;
}

export const SOLVING_TEXT = 'Checking this is a person, not a script…';

/**
 * Fetches a challenge, solves it (telling `onSolving` how far it is, 0 to 1) and enters; a refused proof
 * is fetched and solved once more.
 */
async function solveAndEnter(
  dropId: string,
  size: string,
  onSolving: (share: number) => void,
  onSending: () => void,
) {
  for (let attempt = 1; ; attempt++) {
    onSolving(0);
    const proof = await solveDropChallenge(await fetchDropChallenge(dropId), onSolving);
    onSending();
    try {
      return await enterDraw(dropId, { size, proof });
    } catch (error) {
      if (attempt === 1 && error instanceof ApiError && error.code === 'PROOF_INVALID') continue;
      throw error;
    }
  }
}

function entryError(error: unknown): EntryError {
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
    if (error.fields.profile) return { message: `Your profile ${error.fields.profile}.`, profile: true };
    if (error.fields.size) return { message: `Size ${error.fields.size}.`, profile: false };
  }
  return { message: errorText(error), profile: false };
}

/**
 * A draw's entry for the signed-in shopper: their entry (or none), the size chosen, and enter (solve the
 * proof of work, then POST), change size and withdraw. A guest is asked to log in, an unverified shopper
 * to verify the e-mail.
 */
export function useDrawEntry(drop: DropSummary) {
  const gate = useSignInGate();
  const client = useQueryClient();
  const verified = Boolean(gate.user?.emailVerified);
  const entryOptions = myDropEntryQuery(drop.id, gate.user?.uid ?? '');
  const entryQuery = useQuery({ ...entryOptions, enabled: verified });
  const entry = verified ? (entryQuery.data ?? null) : null;
  const [size, setSize] = useState<string | null>(null);
  const [phase, setPhase] = useState<EntryPhase>('idle');
  /** How far the proof of work is while solving, as a whole percentage. */
  const [solved, setSolved] = useState(0);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<EntryError | null>(null);

  const settle = async (next: MyDropEntry | null, message: string) => {
    client.setQueryData(entryOptions.queryKey, next);
    setStatus(message);
    await client.invalidateQueries({ queryKey: DROPS_QUERY_KEY });
  };

  const run = async (busy: EntryPhase, work: () => Promise<void>) => {
    setPhase(busy);
    setError(null);
    setStatus('');
    try {
      await work();
    } catch (failure) {
      setError(entryError(failure));
      if (failure instanceof ApiError && failure.code !== 'VALIDATION_ERROR') void entryQuery.refetch();
      // The entry closed meanwhile: the panel moves on to the drop's next state.
      if (failure instanceof ApiError && failure.code === 'DROP_ENTRY_CLOSED')
        void client.invalidateQueries({ queryKey: DROPS_QUERY_KEY });
    } finally {
      setPhase('idle');
    }
  };

  const enter = (event: MouseEvent<HTMLButtonElement>) => {
    const chosen = size;
    if (phase !== 'idle' || !chosen || !gate.allow(event, true)) return;
    return run('solving', async () => {
      const created = await solveAndEnter(
        drop.id,
        chosen,
        (share) => {
          setPhase('solving');
          setSolved(Math.round(share * 100));
        },
        () => setPhase('sending'),
      );
      const mine: MyDropEntry = {
        ...created,
        status: 'entered',
        rank: null,
        holdUntil: null,
        orderId: null,
        createdAt: new Date().toISOString(),
        shipTo: null,
      };
      await settle(mine, `You're in the draw in size ${created.size}.`);
    });
  };

  const changeSize = () => {
    const chosen = size;
    if (phase !== 'idle' || !chosen || !entry || chosen === entry.size) return;
    return run('changing', async () => {
      await settle(await changeEntrySize(drop.id, chosen), `Your entry is now for size ${chosen}.`);
    });
  };

  const withdraw = () => {
    if (phase !== 'idle' || !entry) return;
    return run('withdrawing', async () => {
      await withdrawEntry(drop.id);
      setSize(null);
      await settle(null, 'You withdrew from the draw.');
    });
  };

  return {
    gate,
    entry,
    entryLoading: verified && entryQuery.isPending,
    size,
    setSize,
    phase,
    solved,
    status,
    error,
    enter,
    changeSize,
    withdraw,
    dismissError: () => setError(null),
  };
}

export type DrawEntryState = ReturnType<typeof useDrawEntry>;
