import useSWR from 'swr';
import { db } from '../../../api/db';
import { pageOffset } from '../../../lib/pagination';
import type { Page } from '../../../lib/settingsResource';
import { RUN_LIST_DEDUPE_MS } from '../../playbooks/runs/runStatus';

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

export function useConfigRuns(configId: string, page: number, pageSize: number) {
  const { data, error, isLoading } = useSWR(
    ['config-playbook-runs', configId, page, pageSize] as const,
    ([, id, p, s]) => fetchConfigRuns(id, p, s),
    // Asked again on each visit: runs change status.
    { keepPreviousData: true, dedupingInterval: RUN_LIST_DEDUPE_MS },
  );
  return { page: data, error: error as Error | undefined, isLoading };
}
