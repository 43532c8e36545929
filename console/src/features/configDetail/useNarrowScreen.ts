import { useMediaQuery } from '../../lib/useMediaQuery';

/** Below PatternFly's lg breakpoint the details panel no longer fits beside the config. */
export const NARROW_SCREEN_QUERY = '(max-width: 991.98px)';

/** Without media queries the screen counts as wide: everything is shown. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY, false);
}
