import useSWR from 'swr';
import { db } from '../../../api/db';
import type { CheckSummary } from '../../health/types';

/** A row of check_summary_for_config: the check's summary, as the Health page has it. */
export type ConfigCheck = CheckSummary & { config_id: string };

/** GET /api/db/check_summary_for_config?config_id=eq.X (spec 002 'Config checks by id'). */
export async function fetchConfigChecks(configId: string): Promise<ConfigCheck[]> {
  const { data } = await db
    .from('check_summary_for_config')
    .select('*')
    .eq('config_id', configId)
    .order('name', { ascending: true })
    .throwOnError()
    .overrideTypes<ConfigCheck[], { merge: false }>();
  return data;
}

export function useConfigChecks(configId: string) {
  const { data, error, isLoading } = useSWR(['config-checks', configId] as const, ([, id]) =>
    fetchConfigChecks(id),
  );
  return { checks: data, error: error as Error | undefined, isLoading };
}
