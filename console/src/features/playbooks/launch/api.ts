import useSWR from 'swr';
import { request } from '../../../api/fetcher';
import {
  resourceFields,
  type Parameter,
  type RunResource,
  type RunStarted,
  type RunnablePlaybook,
} from '../types';

/** GET /api/playbook/list?config_id=X (or component_id, check_id): what can run against it. */
export function fetchRunnablePlaybooks(resource: RunResource): Promise<RunnablePlaybook[]> {
  const query = new URLSearchParams(resourceFields(resource)).toString();
  return request<RunnablePlaybook[]>(`/api/playbook/list?${query}`);
}

/** Read only once asked for (a menu opened, a dialog shown). */
export function useRunnablePlaybooks(resource: RunResource | undefined, enabled = true) {
  const { data, error, isLoading } = useSWR(
    resource && enabled ? (['playbooks/runnable', resource.kind, resource.id] as const) : null,
    ([, kind, id]) => fetchRunnablePlaybooks({ kind, id }),
    { revalidateOnFocus: false },
  );
  return { playbooks: data, error: error as Error | undefined, isLoading };
}

/** POST /api/playbook/{id}/params: the parameters with defaults templated for the resource. */
export async function fetchRunParams(
  playbookId: string,
  resource: RunResource | undefined,
): Promise<Parameter[]> {
  const answer = await request<{ params?: Parameter[] | null }>(
    `/api/playbook/${encodeURIComponent(playbookId)}/params`,
    { method: 'POST', body: resourceFields(resource) },
  );
  return answer.params ?? [];
}

/**
 * The parameter form's fields. Read once per playbook and resource: a refetch would replace the
 * defaults under what the user typed.
 */
export function useRunParams(playbookId: string | undefined, resource: RunResource | undefined) {
  const { data, error, isLoading } = useSWR(
    playbookId ? (['playbooks/params', playbookId, resource?.kind, resource?.id] as const) : null,
    ([, id]) => fetchRunParams(id, resource),
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
  return { params: data, error: error as Error | undefined, isLoading };
}

/** POST /api/playbook/run; a refusal (400) throws with the server's sentence per parameter. */
export function startRun(
  playbookId: string,
  resource: RunResource | undefined,
  params: Record<string, string>,
): Promise<RunStarted> {
  return request<RunStarted>('/api/playbook/run', {
    method: 'POST',
    body: { id: playbookId, ...resourceFields(resource), params },
  });
}
