import useSWR from 'swr';
import { db } from '../../../api/db';
import { pageOffset } from '../../../lib/pagination';
import type { Page } from '../../../lib/settingsResource';
import { resolveTimeRange, type TimeRange } from '../../../lib/timeRange';
import type { RunRefs } from '../types';
import type { RunsState } from './runsUrlState';
import { RUN_LIST_DEDUPE_MS } from './runStatus';
import { usePollWhileRunning } from './usePollWhileRunning';

/** A row of the run list: the run and the names behind its ids. */
export interface RunListRow extends RunRefs {
  id: string;
  status: string;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  scheduled_time: string | null;
  error: string | null;
}

export const RUN_LIST_SELECT = [
  'id,status,created_at,start_time,end_time,scheduled_time,error',
  'playbooks(id,name,title,icon)',
  'config:config_items(id,name,type)',
  'component:components(id,name,icon)',
  'check:checks(id,name,icon)',
  'created_by(id,name,avatar)',
].join(',');

/**
 * The moments a range stands for at `now`: a past relative range only bounds the start, so runs
 * created while the list is open still show on refresh.
 */
export function createdBounds(range: TimeRange, now = new Date()): { from?: string; to?: string } {
  const resolved = resolveTimeRange(range, now);
  if (!resolved) return {};
  const from = resolved.from.toISOString();
  if (range.type === 'relative' && range.range.startsWith('now-')) return { from };
  return { from, to: resolved.to.toISOString() };
}

/**
 * GET /api/db/playbook_runs?select=…&order=created_at.desc&created_at=gte.<from>&limit=150 with
 * Prefer: count=exact (docs/api/playbooks.md), filtered by status and playbook.
 */
export async function fetchRuns(state: RunsState): Promise<Page<RunListRow>> {
  const from = pageOffset(state.page, state.pageSize);
  const bounds = createdBounds(state.range);
  let query = db.from('playbook_runs').select(RUN_LIST_SELECT, { count: 'exact' });
  if (bounds.from) query = query.gte('created_at', bounds.from);
  if (bounds.to) query = query.lte('created_at', bounds.to);
  if (state.status) query = query.eq('status', state.status);
  if (state.playbook) query = query.eq('playbook_id', state.playbook);
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .range(from, from + state.pageSize - 1)
    .throwOnError()
    .overrideTypes<RunListRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

const RUNS = 'playbooks/runs';

/** Matches every cached page of /playbooks/runs, for `mutate` after a launch. */
export const isRunListKey = (key: unknown) => Array.isArray(key) && key[0] === RUNS;

export function useRuns(state: RunsState) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    [RUNS, JSON.stringify(state)] as const,
    () => fetchRuns(state),
    // Asked again on each visit, and while a listed run goes on: runs change status.
    { keepPreviousData: true, dedupingInterval: RUN_LIST_DEDUPE_MS },
  );
  usePollWhileRunning(data?.rows, mutate);
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

export interface PlaybookName {
  id: string;
  name: string;
  title: string | null;
}

/** The playbook filter's choices: GET /api/db/playbook_names. */
export async function fetchPlaybookNames(): Promise<PlaybookName[]> {
  const { data } = await db
    .from('playbook_names')
    .select('id,name,title')
    .order('title')
    .throwOnError()
    .overrideTypes<PlaybookName[], { merge: false }>();
  return data;
}

export function usePlaybookNames() {
  const { data } = useSWR('playbooks/names', fetchPlaybookNames);
  return data ?? [];
}
