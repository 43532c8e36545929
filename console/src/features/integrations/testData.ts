import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRequest, type MockRoutes } from '../../test/mockApi';
import { KUBE_SCRAPER, UI_SCRAPER } from '../catalog/testData';
import { ROWS as TOPOLOGIES } from '../topology/spec/testData';
import type { IntegrationRow } from './integrationsApi';
import type { LogBackendRow } from './logBackendsApi';

const rw = (object: string): Grant[] => [
  { object, action: 'read' },
  { object, action: 'write' },
];

/** An editor's grants: integrations and every table the dialog writes. */
export const WRITER: Grant[] = [
  ...rw('integrations'),
  ...rw('config_scrapers'),
  ...rw('topologies'),
  ...rw('logging_backends'),
];
export const READER: Grant[] = [{ object: 'integrations', action: 'read' }];

const ADA = { id: 'me-1', name: 'Ada Admin', avatar: null };

function row(
  fields: Partial<IntegrationRow> & Pick<IntegrationRow, 'id' | 'name'>,
): IntegrationRow {
  return {
    namespace: null,
    description: '',
    integration_type: 'scrapers',
    source: 'UI',
    agent_id: null,
    agent: null,
    job_status: null,
    job_details: null,
    job_name: null,
    job_time_start: null,
    created_by: ADA.id,
    creator: ADA,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    ...fields,
  };
}

export const INTEGRATIONS: IntegrationRow[] = [
  row({ id: 'lb-1', name: 'loki', integration_type: 'logging_backends' }),
  row({ id: 't-1', name: 'shop', namespace: 'default', integration_type: 'topologies' }),
  row({ id: 'sc-1', name: 'cluster', job_status: 'SUCCESS', job_name: 'Scraper' }),
  row({
    id: 'sc-2',
    name: 'aws',
    source: 'kubernetes/platform/aws',
    created_by: null,
    creator: null,
  }),
];

export const LOG_BACKENDS: LogBackendRow[] = [
  {
    id: 'lb-1',
    name: 'loki',
    labels: { env: 'prod' },
    spec: { loki: { url: 'http://loki:3100' } },
    source: 'UI',
    agent_id: null,
    agent: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    deleted_at: null,
  },
  {
    id: 'lb-2',
    name: 'files',
    labels: null,
    spec: { file: { path: '/var/log' } },
    source: 'ConfigFile',
    agent_id: null,
    agent: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    deleted_at: null,
  },
];

const byId =
  <Row extends { id: string }>(rows: readonly Row[]) =>
  (req: MockRequest) => {
    const id = (req.url.searchParams.get('id') ?? '').replace(/^eq\./, '');
    return { body: rows.filter((r) => r.id === id) };
  };

/** The session, the list, each type's table and job history. */
export function integrationRoutes(
  grants: Grant[] = WRITER,
  properties: { name: string; value: string }[] = [],
): MockRoutes {
  return {
    ...sessionRoutes(grants, ['editor']),
    'GET /api/properties': { body: properties },
    'GET /api/db/integrations_with_status': {
      body: INTEGRATIONS,
      headers: { 'Content-Range': `0-${INTEGRATIONS.length - 1}/${INTEGRATIONS.length}` },
    },
    'GET /api/db/config_scrapers': byId([UI_SCRAPER, KUBE_SCRAPER]),
    'POST /api/db/config_scrapers': { status: 201 },
    'PATCH /api/db/config_scrapers': { status: 204 },
    'GET /api/db/topologies': byId(TOPOLOGIES),
    'POST /api/db/topologies': { status: 201 },
    'PATCH /api/db/topologies': { status: 204 },
    'GET /api/db/logging_backends': byId(LOG_BACKENDS),
    'POST /api/db/logging_backends': { status: 201 },
    'PATCH /api/db/logging_backends': { status: 204 },
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
          time_start: '2026-01-01T00:00:00Z',
          time_end: '2026-01-01T00:00:02Z',
          created_at: '2026-01-01T00:00:00Z',
          details: null,
        },
      ],
      headers: { 'Content-Range': '0-0/1' },
    },
  };
}
