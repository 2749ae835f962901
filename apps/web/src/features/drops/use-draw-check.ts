import type { Drop } from '@shop/contracts';
import { useState } from 'react';
import { errorText } from '../../lib/api';
import { type DrawCheck, verifyDraw } from './draw-verify';

/** 'Recompute in this browser': runs the check and keeps its result (or why it could not run). */
export function useDrawCheck(drop: Drop) {
  const [result, setResult] = useState<DrawCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      setResult(await verifyDraw(drop));
    } catch (failure) {
      setResult(null);
      setError(errorText(failure, 'The draw could not be recomputed in this browser.'));
    } finally {
      setRunning(false);
    }
  };

  return { result, error, running, run };
}
