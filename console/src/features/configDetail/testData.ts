import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { ConfigDetail } from './model';

export const CONFIG_ID = '0190b0b0-0000-7000-8000-0000000000c1';
export const SCRAPER_ID = '0190b0b0-0000-7000-8000-0000000000a1';

export const INCIDENT_WRITE: Grant[] = [
  { object: 'incident', action: 'read' },
  { object: 'incident', action: 'write' },
];

export const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A live Kubernetes deployment scraped a minute ago; its config a plain object. */
export function makeConfig(overrides: Partial<ConfigDetail> = {}): ConfigDetail {
  return {
    id: CONFIG_ID,
    name: 'payments-api',
    type: 'Kubernetes::Deployment',
    config_class: 'Deployment',
    status: 'Running',
    health: 'healthy',
    description: 'Serves the payments API',
    // Keys out of order on purpose: the view sorts them.
    config: { spec: { replicas: 3, paused: false }, kind: 'Deployment', apiVersion: 'apps/v1' },
    labels: { app: 'payments' },
    tags: { namespace: 'prod', cluster: 'eu-1' },
    created_at: minutesAgo(3 * 24 * 60),
    updated_at: minutesAgo(30),
    deleted_at: null,
    last_scraped_time: minutesAgo(1),
    scraper_id: SCRAPER_ID,
    config_scrapers: { id: SCRAPER_ID, name: 'kubernetes-scraper' },
    summary: { relationships: 4, analysis: 1, changes: 3, playbook_runs: 1, checks: 1 },
    ...overrides,
  };
}

/** Twenty lines of YAML as scraped, `line N` on line N, so evidence context is easy to read. */
export const YAML_CONTENT = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

/** config_detail answering with `config` for its id and nothing for any other id. */
export function configRoutes(
  config: ConfigDetail | null = makeConfig(),
  grants: Grant[] = [],
  extra: MockRoutes = {},
): MockRoutes {
  return {
    ...sessionRoutes(grants),
    'GET /api/db/config_detail': ({ url }) => {
      const id = url.searchParams.get('id')?.replace(/^eq\./, '');
      return { body: config && config.id === id ? [config] : [] };
    },
    ...extra,
  };
}
