import useSWR from 'swr';
import { db } from '../../api/db';
import { request } from '../../api/fetcher';
import { pageOffset } from '../../lib/pagination';
import type { Page } from '../../lib/settingsResource';
import type { SortState } from '../../lib/tableRows';
import type { AgentPayload, AgentRow, GeneratedAgent } from './agentModel';

/** Every column of agents_summary and who created the agent. */
export const AGENT_SELECT = '*,created_by(id,name,avatar)';

/** GET /api/db/agents_summary, one sorted page with the total (Prefer: count=exact). */
export async function fetchAgents(
  sort: SortState,
  page: number,
  pageSize: number,
): Promise<Page<AgentRow>> {
  const from = pageOffset(page, pageSize);
  let query = db
    .from('agents_summary')
    .select(AGENT_SELECT, { count: 'exact' })
    .order(sort.columnId, { ascending: sort.direction === 'asc' });
  // Equal values (counts, names) keep one order from page to page.
  if (sort.columnId !== 'created_at') query = query.order('created_at', { ascending: false });
  const { data, count } = await query
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<AgentRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

const AGENTS_KEY = 'agents';
const STATUS_REFRESH_MS = 30_000;

export function useAgents(sort: SortState, page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [AGENTS_KEY, sort.columnId, sort.direction, page, pageSize] as const,
    ([, columnId, direction, p, s]) => fetchAgents({ columnId, direction }, p, s),
    // Online means seen within the last minute: read again so the status stays true.
    { keepPreviousData: true, refreshInterval: STATUS_REFRESH_MS },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** GET /api/db/agents_summary?id=eq.X: an agent opened by ?id= need not be on the page shown. */
export async function fetchAgent(id: string): Promise<AgentRow | null> {
  const { data } = await db
    .from('agents_summary')
    .select(AGENT_SELECT)
    .eq('id', id)
    .throwOnError()
    .overrideTypes<AgentRow[], { merge: false }>();
  return data[0] ?? null;
}

export function useAgent(id: string) {
  const { data, error, isLoading } = useSWR(
    id ? ([`${AGENTS_KEY}/one`, id] as const) : null,
    ([, key]) => fetchAgent(key),
    // The form starts from what is stored now, not from a cached copy.
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  return { agent: data, error: error as Error | undefined, isLoading };
}

/** POST /api/agent/generate: the only answer that carries the access token. */
export function createAgent(name: string, payload: AgentPayload): Promise<GeneratedAgent> {
  return request<GeneratedAgent>('/api/agent/generate', {
    method: 'POST',
    body: { name, ...payload },
  });
}

/** PATCH /api/agent/{id}: properties and spec only, since a name cannot change. */
export async function updateAgent(id: string, payload: AgentPayload): Promise<void> {
  await request(`/api/agent/${encodeURIComponent(id)}`, { method: 'PATCH', body: payload });
}

/** DELETE /api/agent/{id}?cleanup=…; cleanup also deletes everything the agent pushed. */
export async function deleteAgent(id: string, cleanup: boolean): Promise<void> {
  const query = new URLSearchParams({ cleanup: String(cleanup) });
  await request(`/api/agent/${encodeURIComponent(id)}?${query.toString()}`, { method: 'DELETE' });
}
