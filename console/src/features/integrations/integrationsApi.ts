import useSWR from 'swr';
import { db } from '../../api/db';
import type { AgentRef } from '../../components/SourceLink/SourceLink';
import { pageOffset } from '../../lib/pagination';
import type { Page } from '../../lib/settingsResource';

/** A row of integrations_with_status (spec 001 §3 "Integration row"). */
export interface IntegrationRow {
  id: string;
  name: string | null;
  namespace: string | null;
  description: string | null;
  integration_type: string;
  source: string | null;
  agent_id: string | null;
  agent: AgentRef | null;
  job_status: string | null;
  job_details: unknown;
  job_name: string | null;
  job_time_start: string | null;
  created_by: string | null;
  /** Who created it (a UNION view has no relationship to embed created_by through). */
  creator: { id: string; name: string; avatar: string | null } | null;
  created_at: string;
  updated_at: string | null;
}

/** One page of integrations, newest first, with the count (spec 001 §7 "Generic resources"). */
export async function fetchIntegrations(
  page: number,
  pageSize: number,
): Promise<Page<IntegrationRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('integrations_with_status')
    .select('*', { count: 'exact' })
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<IntegrationRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export const INTEGRATIONS_KEY = 'settings/integrations';

export function useIntegrations(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [INTEGRATIONS_KEY, page, pageSize] as const,
    ([, p, s]) => fetchIntegrations(p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}
