import useSWR from 'swr';
import { db } from '../../../api/db';
import { request } from '../../../api/fetcher';
import { ACTION_POLL_MS, RUN_POLL_MS, isActionEnded, isRunEnded } from '../runs/runStatus';
import type { RunAction, RunDetail, RunRefs, RunStarted } from '../types';

const runUrl = (id: string) => `/api/playbook/run/${encodeURIComponent(id)}`;

/**
 * GET /api/playbook/run/{id}, polled every 2 s until the run has ended (spec 002 §9). Each poll
 * asks again: the app's five-minute deduping would have it join the first answer.
 */
export function useRun(id: string) {
  const { data, error, isLoading, mutate } = useSWR<RunDetail>(
    runUrl(id),
    (url: string) => request<RunDetail>(url),
    {
      refreshInterval: (run) => (run && isRunEnded(run.status) ? 0 : RUN_POLL_MS),
      dedupingInterval: RUN_POLL_MS / 2,
    },
  );
  return { run: data, error: error as Error | undefined, isLoading, mutate };
}

const REFS_SELECT = [
  'id',
  'playbooks(id,name,title,icon,spec)',
  'config:config_items(id,name,type)',
  'component:components(id,name,icon)',
  'check:checks(id,name,icon)',
  'created_by(id,name,avatar)',
].join(',');

/** The names behind the run's ids (they do not change while it runs: read once). */
export async function fetchRunRefs(id: string): Promise<RunRefs | undefined> {
  const { data } = await db
    .from('playbook_runs')
    .select(REFS_SELECT)
    .eq('id', id)
    .throwOnError()
    .overrideTypes<RunRefs[], { merge: false }>();
  return data[0];
}

export function useRunRefs(id: string) {
  const { data } = useSWR(['playbooks/run-refs', id] as const, ([, key]) => fetchRunRefs(key), {
    revalidateOnFocus: false,
  });
  return data;
}

const ACTION_SELECT = 'id,name,status,start_time,end_time,scheduled_time,result,error';

/** One action's row: its output as it grows. */
export async function fetchAction(id: string): Promise<RunAction | undefined> {
  const { data } = await db
    .from('playbook_run_actions')
    .select(ACTION_SELECT)
    .eq('id', id)
    .throwOnError()
    .overrideTypes<RunAction[], { merge: false }>();
  return data[0];
}

/** The selected action, polled every second until it has ended (spec 002 §9). */
export function useActionOutput(id: string | undefined, live: boolean) {
  const { data } = useSWR(
    id && live ? (['playbooks/action', id] as const) : null,
    ([, key]) => fetchAction(key),
    {
      refreshInterval: (action) => (action && isActionEnded(action.status) ? 0 : ACTION_POLL_MS),
      dedupingInterval: ACTION_POLL_MS / 2,
    },
  );
  return data;
}

export function approveRun(id: string): Promise<unknown> {
  return request(`/api/playbook/run/approve/${encodeURIComponent(id)}`, { method: 'POST' });
}

export function cancelRun(id: string): Promise<unknown> {
  return request(`/api/playbook/run/cancel/${encodeURIComponent(id)}`, { method: 'POST' });
}

/** POST /api/playbook/run/{id}/rerun: a new run of the same playbook, resource and parameters. */
export function rerun(id: string): Promise<RunStarted> {
  return request<RunStarted>(`${runUrl(id)}/rerun`, { method: 'POST' });
}
