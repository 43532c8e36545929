import type { JobHistoryRow } from './api';

/** A run as job_histories answers it. */
export function job(id: string, fields: Partial<JobHistoryRow> = {}): JobHistoryRow {
  return {
    id,
    name: 'ConfigScraper',
    status: 'SUCCESS',
    resource_type: 'config_scraper',
    resource_id: 'scraper-1',
    resource_name: 'default/shop',
    hostname: 'vigil-0',
    agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
    success_count: 3,
    error_count: 0,
    duration_millis: 1500,
    time_start: '2026-11-24T10:00:00Z',
    time_end: '2026-11-24T10:00:01Z',
    created_at: '2026-11-24T10:00:01Z',
    details: null,
    ...fields,
  };
}

export const FAILED_JOB = job('job-failed', {
  status: 'FAILED',
  success_count: 0,
  error_count: 2,
  details: {
    errors: ['open /data/a.yaml: no such file', 'open /data/b.yaml: no such file'],
    scrape_summary: { added: 0 },
  },
});

export const SUMMARY_JOB = job('job-summary', {
  name: 'TopologyBuild',
  resource_type: 'topology',
  resource_id: 'topo-1',
  resource_name: 'shop',
  status: 'WARNING',
  details: { summary: { components: 4 } },
});

export const PLAIN_JOB = job('job-plain', { name: 'CanaryRun', status: 'RUNNING' });
