import useSWR from 'swr';
import { db } from '../../../api/db';
import { pageOffset } from '../../../lib/pagination';
import type { Page } from '../../../lib/settingsResource';
import { RUN_LIST_DEDUPE_MS } from '../../playbooks/runs/runStatus';
import { usePollWhileRunning } from '../../playbooks/runs/usePollWhileRunning';

/** A playbook run as the config's Playbooks tab lists it (spec 002 'Playbook run'). */
export interface ConfigPlaybookRun {
  id: string;
  status: string;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  scheduled_time: string | null;
  playbooks: { id: string; name: string; title: string | null; icon: string | null } | null;
}

/** Spec 002 §9: a config's playbook runs page by 200. */
export const RUNS_PAGE_SIZE = 200;

export const RUN_SELECT =
  'id,status,created_at,start_time,end_time,scheduled_time,playbooks(id,name,title,icon)';

/** GET /api/db/playbook_runs?config_id=eq.X, newest first, one page with the total. */
export async function fetchConfigRuns(
  configId: string,
  page: number,
  pageSize: number,
): Promise<Page<ConfigPlaybookRun>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('playbook_runs')
    .select(RUN_SELECT, { count: 'exact' })
    .eq('config_id', configId)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<ConfigPlaybookRun[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

const CONFIG_RUNS = 'config-playbook-runs';

/**
 * Matches every cached page of a config's run list, for `mutate` after a launch: a list read
 * less than its dedupe interval ago would otherwise be shown again without the new run.
 */
export const isConfigRunsKey = (configId: string) => (key: unknown) =>
  Array.isArray(key) && key[0] === CONFIG_RUNS && key[1] === configId;

export function useConfigRuns(configId: string, page: number, pageSize: number) {
  const { data, error, isLoading, mutate } = useSWR(
    [CONFIG_RUNS, configId, page, pageSize] as const,
    ([, id, p, s]) => fetchConfigRuns(id, p, s),
    // Asked again on each visit, and while a listed run goes on: runs change status.
    { keepPreviousData: true, dedupingInterval: RUN_LIST_DEDUPE_MS },
  );
  usePollWhileRunning(data?.rows, mutate);
  return { page: data, error: error as Error | undefined, isLoading };
}
