import { useCallback, useState } from 'react';
import { effectiveRefreshRate, isRefreshRateValue, refreshRateMs } from '../../lib/refreshRate';
import type { RefreshRateValue } from '../../lib/refreshRate';

function readStored(storageKey: string): RefreshRateValue {
  try {
    const stored = localStorage.getItem(storageKey);
    return isRefreshRateValue(stored) ? stored : 'none';
  } catch {
    return 'none';
  }
}

export interface RefreshRateState {
  /** The rate the user chose (kept even while the range disables it). */
  value: RefreshRateValue;
  /** The rate in effect for this range, in ms; 0 means no polling (SWR refreshInterval). */
  intervalMs: number;
  setValue: (value: RefreshRateValue) => void;
}

/** The refresh rate remembered in localStorage under storageKey. */
export function useRefreshRate(storageKey: string, rangeMinutes = 0): RefreshRateState {
  const [value, setState] = useState<RefreshRateValue>(() => readStored(storageKey));
  const setValue = useCallback(
    (next: RefreshRateValue) => {
      setState(next);
      try {
        localStorage.setItem(storageKey, next);
      } catch {
        // Storage unavailable: the choice lasts for this page only.
      }
    },
    [storageKey],
  );
  return {
    value,
    intervalMs: refreshRateMs(effectiveRefreshRate(value, rangeMinutes)),
    setValue,
  };
}
