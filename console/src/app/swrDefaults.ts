import type { SWRConfiguration } from 'swr';

/**
 * The app's SWR settings (App.tsx), shared with tests that must run under them: an answer is
 * reused for five minutes, so a hook that polls has to set a shorter dedupingInterval or each
 * poll only joins the last answer.
 */
export const SWR_DEFAULTS = {
  dedupingInterval: 5 * 60 * 1000,
  revalidateOnFocus: false,
} as const satisfies SWRConfiguration;
