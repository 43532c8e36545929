import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { insightsListKey } from './insights/api';

/**
 * Reloads everything the page shows about one config: every SWR key of this feature is an array
 * `['config-…', id, …]`, so one filter reaches the detail row and whichever tab is loaded. SWR's
 * filters skip infinite lists, so the insights list is named on its own.
 */
export function useRefreshConfig(id: string): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(
      (key) =>
        Array.isArray(key) &&
        typeof key[0] === 'string' &&
        key[0].startsWith('config-') &&
        key[1] === id,
    );
    void mutate(insightsListKey(id));
  }, [mutate, id]);
}
