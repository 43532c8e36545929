import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following its changes. `fallback` answers where the
 * engine has no media queries (tests, old engines).
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    [query, fallback],
  );
  return useSyncExternalStore(subscribe, matches);
}
