import useSWR from 'swr';
import { db } from '../../api/db';
import type { AgentRef } from '../../components/SourceLink/SourceLink';
import type { Json } from '../../lib/jsonDoc';
import { pageOffset } from '../../lib/pagination';
import { LIST_SELECT, type Page } from '../../lib/settingsResource';
import type { ScraperDoc } from './scraperDocument';

/** A row of config_scrapers_with_status (datamodel §3.4). */
export interface ScraperListRow {
  id: string;
  name: string | null;
  description: string | null;
  source: string | null;
  agent_id: string | null;
  agent: AgentRef | null;
  created_by: { id: string; name: string; avatar: string | null } | null;
  created_at: string;
  updated_at: string | null;
  job_status: string | null;
  job_time_start: string | null;
  job_success_count: number | null;
  job_error_count: number | null;
}

/** A row of config_scrapers with its agent. */
export interface ScraperRow {
  id: string;
  name: string | null;
  description: string | null;
  spec: Json | null;
  source: string | null;
  agent_id: string | null;
  agent: AgentRef | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

export async function fetchScrapers(page: number, pageSize: number): Promise<Page<ScraperListRow>> {
  const from = pageOffset(page, pageSize);
  const { data, count } = await db
    .from('config_scrapers_with_status')
    .select(LIST_SELECT, { count: 'exact' })
    .is('deleted_at', null)
    .order('created_at', { ascending: false })
    .range(from, from + pageSize - 1)
    .throwOnError()
    .overrideTypes<ScraperListRow[], { merge: false }>();
  return { rows: data, total: count ?? data.length };
}

export function useScrapers(page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    ['catalog/scrapers', page, pageSize],
    ([, p, s]) => fetchScrapers(p, s),
    { keepPreviousData: true },
  );
  return { page: data, error: error as Error | undefined, isLoading, isValidating, mutate };
}

/** One scraper; undefined when there is none or it was deleted. */
export async function fetchScraper(id: string): Promise<ScraperRow | undefined> {
  const { data } = await db
    .from('config_scrapers')
    .select('*,agent:agent_id(id,name)')
    .eq('id', id)
    .throwOnError()
    .overrideTypes<ScraperRow[], { merge: false }>();
  const row = data[0];
  return row && !row.deleted_at ? row : undefined;
}

export function useScraper(id: string) {
  const { data, error, isLoading } = useSWR(['catalog/scraper', id], ([, key]) =>
    fetchScraper(key),
  );
  return { scraper: data, error: error as Error | undefined, isLoading };
}

const rowOf = (doc: ScraperDoc) => ({ name: doc.name.trim(), spec: doc.spec });

export async function createScraper(doc: ScraperDoc, userId: string): Promise<void> {
  await db
    .from('config_scrapers')
    .insert({ ...rowOf(doc), source: 'UI', created_by: userId })
    .throwOnError();
}

export async function updateScraper(id: string, doc: ScraperDoc): Promise<void> {
  await db.from('config_scrapers').update(rowOf(doc)).eq('id', id).throwOnError();
}

/** Soft delete (spec 001 §4). */
export async function deleteScraper(id: string): Promise<void> {
  await db.from('config_scrapers').update({ deleted_at: 'now()' }).eq('id', id).throwOnError();
}
