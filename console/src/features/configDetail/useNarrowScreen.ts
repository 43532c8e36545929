import { useSyncExternalStore } from 'react';

/** Below PatternFly's lg breakpoint the details panel no longer fits beside the config. */
export const NARROW_SCREEN_QUERY = '(max-width: 991.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(NARROW_SCREEN_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

// Without media queries (tests, old engines) the screen counts as wide: everything is shown.
const isNarrow = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow);
}
