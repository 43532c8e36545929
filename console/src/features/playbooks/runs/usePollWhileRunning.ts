import { useEffect } from 'react';
import { isRunEnded, RUN_POLL_MS } from './runStatus';

/**
 * Reads a list of runs again every RUN_POLL_MS while one of its runs has not ended, so a list
 * opened during a run shows it end. Driven by the rows on screen, not by SWR's refreshInterval:
 * that is decided once when the hook mounts, and a list shown from cache would never start.
 */
export function usePollWhileRunning(
  rows: readonly { status: string }[] | undefined,
  reread: () => unknown,
): void {
  const going = rows?.some((r) => !isRunEnded(r.status)) ?? false;
  useEffect(() => {
    if (!going) return;
    const timer = setInterval(() => void reread(), RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [going, reread]);
}
