import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { ConfigItem, SummaryRow } from './catalogApi';

export const READ: Grant[] = [
  { object: 'database', action: 'read' },
  { object: 'config_scrapers', action: 'read' },
];
export const WRITE: Grant[] = [
  ...READ,
  { object: 'database', action: 'write' },
  { object: 'config_scrapers', action: 'write' },
];

export const HOUR = 3_600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function configItem(id: string, fields: Partial<ConfigItem> = {}): ConfigItem {
  return {
    id,
    name: id,
    type: 'Kubernetes::Pod',
    config_class: 'Pod',
    status: 'Running',
    health: 'healthy',
    labels: null,
    tags: null,
    created_at: ago(48 * HOUR),
    updated_at: ago(2 * HOUR),
    deleted_at: null,
    cost_per_minute: null,
    cost_total_1d: null,
    cost_total_7d: null,
    cost_total_30d: null,
    changes: 0,
    analysis: null,
    ...fields,
  };
}

export const SUMMARY: SummaryRow[] = [
  {
    config_class: 'Pod',
    type: 'Kubernetes::Pod',
    count: 1500,
    health: { healthy: 1490, unhealthy: 10 },
    changes: 2400,
    analysis: { security: 3 },
    cost_total_30d: 812.4,
    cost_per_minute: 0.02,
    created_at: ago(48 * HOUR),
    updated_at: ago(HOUR),
  },
  {
    config_class: 'Node',
    type: 'Kubernetes::Node',
    count: 3,
    health: { healthy: 3 },
    changes: 12,
    analysis: null,
    cost_total_30d: 4.5,
    created_at: ago(48 * HOUR),
    updated_at: ago(HOUR),
  },
];

export const PODS: ConfigItem[] = [
  configItem('pod-1', {
    name: 'payments-6c9f',
    changes: 1500,
    analysis: { security: 2 },
    cost_per_minute: 0.01,
    cost_total_1d: 20,
    cost_total_7d: 100,
    cost_total_30d: 300,
    tags: { cluster: 'eu-1', namespace: 'payments' },
  }),
  configItem('pod-2', {
    name: 'orders-77aa',
    changes: 499,
    health: 'unhealthy',
    status: 'CrashLoopBackOff',
    cost_total_1d: 0.15,
    cost_total_30d: 4.5,
  }),
];

export const range = (total: number, shown = total) =>
  shown === 0 ? `*/${total}` : `0-${shown - 1}/${total}`;

/** Session, filter lists, the summary and the configs view. */
export function catalogRoutes(
  options: { summary?: SummaryRow[]; configs?: ConfigItem[]; grants?: Grant[] } = {},
): MockRoutes {
  const summary = options.summary ?? SUMMARY;
  const configs = options.configs ?? PODS;
  return {
    ...sessionRoutes(options.grants ?? READ),
    'POST /api/catalog/summary': { body: summary },
    'GET /api/db/configs': {
      body: configs,
      headers: { 'Content-Range': range(configs.length) },
    },
    'GET /api/db/config_types': {
      body: [{ type: 'Kubernetes::Node' }, { type: 'Kubernetes::Pod' }],
    },
    'GET /api/db/config_labels': { body: [{ key: 'app', value: 'payments' }] },
    'GET /api/db/config_tags': {
      body: [
        { key: 'cluster', value: 'eu-1' },
        { key: 'cluster', value: 'us-1' },
      ],
    },
    'GET /api/db/config_statuses': { body: [{ status: 'Running' }] },
  };
}

export const CHANGES = [
  {
    id: 'ch-1',
    config_id: 'pod-1',
    name: 'payments-6c9f',
    type: 'Kubernetes::Pod',
    tags: { cluster: 'eu-1' },
    change_type: 'diff',
    severity: 'info',
    source: 'kubernetes',
    summary: 'spec.containers[0].image',
    created_at: ago(HOUR),
    count: 1,
    created_by: null,
    external_created_by: 'system:serviceaccount:ci',
  },
  {
    id: 'ch-2',
    config_id: 'node-1',
    name: 'node-a',
    type: 'Kubernetes::Node',
    change_type: 'NodeNotReady',
    severity: 'high',
    source: 'kubernetes/event',
    summary: 'Kubelet stopped posting node status',
    created_at: ago(3 * HOUR),
    count: 4,
    created_by: 'person-1',
    external_created_by: null,
  },
];

export const CHANGE_DETAILS = {
  id: 'ch-1',
  config_id: 'pod-1',
  change_type: 'diff',
  severity: 'info',
  source: 'kubernetes',
  summary: 'spec.containers[0].image',
  created_at: ago(HOUR),
  created_by: null,
  external_created_by: 'system:serviceaccount:ci',
  count: 1,
  diff: '--- a\n+++ b\n@@ -1,2 +1,2 @@\n containers:\n-  image: api:1.0\n+  image: api:1.1\n',
  patches: { spec: { containers: [{ image: 'api:1.1' }] } },
  details: { reason: 'rollout' },
  config: { id: 'pod-1', name: 'payments-6c9f', type: 'Kubernetes::Pod', config_class: 'Pod' },
};

export function changesRoutes(grants: Grant[] = READ): MockRoutes {
  return {
    ...catalogRoutes({ grants }),
    'POST /api/catalog/changes': { body: { total: 402, changes: CHANGES, summary: { diff: 1 } } },
    'GET /api/db/config_changes': { body: [CHANGE_DETAILS] },
    'GET /api/db/change_types': {
      body: [{ change_type: 'diff' }, { change_type: 'NodeNotReady' }],
    },
    'GET /api/db/people': { body: [{ id: 'person-1', name: 'Bob Builder' }] },
  };
}

export const LONG_MESSAGE = `${'x'.repeat(499)}yz and more that is cut off`;

export const INSIGHTS = [
  {
    id: 'a-1',
    analysis_type: 'security',
    analyzer: 'image-latest-tag',
    severity: 'medium',
    status: 'open',
    message: LONG_MESSAGE,
    first_observed: ago(5 * HOUR),
    last_observed: ago(HOUR),
    config_id: 'pod-1',
    config_type: 'Kubernetes::Pod',
    config: { id: 'pod-1', name: 'payments-6c9f', config_class: 'Pod', type: 'Kubernetes::Pod' },
  },
];

export function insightsRoutes(): MockRoutes {
  return {
    ...catalogRoutes(),
    'GET /api/db/config_analysis_items': {
      body: INSIGHTS,
      headers: { 'Content-Range': range(120, 1) },
    },
    'GET /api/db/config_analysis_analyzers': { body: [{ analyzer: 'image-latest-tag' }] },
    'GET /api/db/component_names': { body: [{ id: 'comp-1', name: 'payments' }] },
    'GET /api/db/rpc/lookup_analysis_by_component': {
      body: [{ config_id: 'pod-1' }, { config_id: 'pod-2' }, { config_id: 'pod-1' }],
    },
  };
}

export const NIL = '00000000-0000-0000-0000-000000000000';

export const UI_SCRAPER = {
  id: 'sc-1',
  name: 'cluster',
  description: null,
  spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'prod', namespace: 'default' }] },
  source: 'UI',
  agent_id: NIL,
  agent: { id: NIL, name: 'local' },
  created_at: ago(48 * HOUR),
  updated_at: ago(HOUR),
  deleted_at: null,
};

export const KUBE_SCRAPER = {
  ...UI_SCRAPER,
  id: 'sc-2',
  name: 'aws',
  source: 'kubernetes/platform/aws',
  spec: { aws: [{ region: ['eu-west-1'] }] },
};

export const SCRAPER_LIST = [
  {
    ...UI_SCRAPER,
    created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
    job_status: 'SUCCESS',
    job_time_start: ago(HOUR),
    job_success_count: 120,
    job_error_count: 0,
  },
  {
    ...KUBE_SCRAPER,
    created_by: null,
    job_status: 'FAILED',
    job_time_start: ago(2 * HOUR),
    job_success_count: 0,
    job_error_count: 3,
  },
];

export function scraperRoutes(grants: Grant[] = WRITE): MockRoutes {
  return {
    ...sessionRoutes(grants),
    'GET /api/db/config_scrapers_with_status': {
      body: SCRAPER_LIST,
      headers: { 'Content-Range': range(2) },
    },
    'GET /api/db/config_scrapers': (req) => {
      const id = req.url.searchParams.get('id')?.replace('eq.', '');
      return { body: [UI_SCRAPER, KUBE_SCRAPER].filter((s) => s.id === id) };
    },
    'POST /api/db/config_scrapers': { status: 201 },
    'PATCH /api/db/config_scrapers': { status: 204 },
    'GET /api/db/job_histories': {
      body: [
        {
          id: 'job-1',
          name: 'Scraper',
          status: 'SUCCESS',
          resource_type: 'config_scraper',
          resource_id: 'sc-1',
          resource_name: 'cluster',
          hostname: 'vigil-0',
          agent: null,
          success_count: 120,
          error_count: 0,
          duration_millis: 1500,
          time_start: ago(HOUR),
          time_end: ago(HOUR),
          created_at: ago(HOUR),
          details: null,
        },
      ],
      headers: { 'Content-Range': range(1) },
    },
  };
}
