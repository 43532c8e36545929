import useSWR from 'swr';
import { db } from '../../api/db';
import type { ConfigDetail } from './model';

/** The row with its scraper's name, embedded through scraper_id (as the catalog's detail call). */
export const CONFIG_DETAIL_SELECT = '*,config_scrapers(id,name)';

/** A malformed id is PostgREST's 400 22P02: for the page, that config does not exist. */
const isBadId = (e: unknown) => (e as { code?: string } | null)?.code === '22P02';

/** GET /api/db/config_detail?id=eq.{id}; null when there is no such config. */
export async function fetchConfigDetail(id: string): Promise<ConfigDetail | null> {
  try {
    const { data } = await db
      .from('config_detail')
      .select(CONFIG_DETAIL_SELECT)
      .eq('id', id)
      .maybeSingle<ConfigDetail>()
      .throwOnError();
    return data;
  } catch (e) {
    if (isBadId(e)) return null;
    throw e;
  }
}

export const configDetailKey = (id: string) => ['config-detail', id] as const;

export function useConfigDetail(id: string) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(configDetailKey(id), ([, i]) =>
    fetchConfigDetail(i),
  );
  return { config: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}
