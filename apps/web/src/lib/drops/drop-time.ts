import { useEffect, useState } from 'react';
import { formatInstant } from '../dates';
import { useHydrated } from '../hydrated';

/**
 * A drop's time as the shopper reads it (lib/dates.ts): in the visitor's zone once the app runs; in UTC
 * on the server, which does not know the visitor's zone, and while the app takes the page over.
 */
export function useDropTime(iso: string): string {
  const hydrated = useHydrated();
  return formatInstant(iso, { timeZone: hydrated ? undefined : 'UTC' });
}

/** The clock, ticking every `everyMs`; null on the server and during the first render in the browser. */
export function useNow(everyMs = 1000): number | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [hydrated, everyMs]);
  return now;
}

/** '2d 04h 10m', '04h 10m 05s', '10m 05s' until `iso`; '' once it has passed. */
export function countdownText(iso: string, now: number): string {
  const total = Math.floor((Date.parse(iso) - now) / 1000);
  if (total <= 0) return '';
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}h ${two(minutes)}m`;
  if (hours > 0) return `${two(hours)}h ${two(minutes)}m ${two(seconds)}s`;
  return `${two(minutes)}m ${two(seconds)}s`;
}

/** 'about 3 minutes', 'less than a minute': a wait in words. */
export function durationText(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
  const hours = Math.round(minutes / 6) / 10;
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}
