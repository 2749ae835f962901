import { countdownText, useDropTime, useNow } from '../lib/drops/drop-time';

/**
 * A live countdown to `to`. A timer (role="timer") is not announced as it ticks: a screen reader reads it
 * when the shopper reaches it. Before the app runs it shows nothing, so the server's page and the
 * browser's first render agree.
 */
export function DropCountdown({ to, className }: { to: string; className?: string }) {
  const now = useNow();
  const text = now === null ? '' : countdownText(to, now);
  return (
    <span role="timer" aria-live="off" className={className}>
      {text}
    </span>
  );
}

/** A drop's time, in the visitor's zone with the zone named. */
export function DropTime({ at }: { at: string }) {
  return <time dateTime={at}>{useDropTime(at)}</time>;
}
