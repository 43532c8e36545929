import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { AgentRow } from './agentModel';

export const READ_AGENTS: Grant[] = [{ object: 'agents', action: 'read' }];
export const WRITE_AGENTS: Grant[] = [...READ_AGENTS, { object: 'agents', action: 'write' }];

export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;

export function agentRow(id: string, overrides: Partial<AgentRow> = {}): AgentRow {
  return {
    id,
    name: id,
    properties: { type: 'agent' },
    spec: { kubernetes: { enabled: true, interval: '5m' }, pushTelemetry: { enabled: false } },
    created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
    created_at: ago(3 * 60 * MINUTE),
    updated_at: ago(2 * 60 * MINUTE),
    last_seen: null,
    last_received: null,
    config_count: 0,
    checks_count: 0,
    config_scrapper_count: 0,
    playbook_runs_count: 0,
    ...overrides,
  };
}

export const EU_AGENT = agentRow('agent-eu', {
  name: 'eu-cluster',
  properties: { type: 'agent', region: 'eu' },
  last_seen: ago(10_000),
  last_received: ago(5 * MINUTE),
  config_count: 1200,
  checks_count: 14,
  config_scrapper_count: 2,
  playbook_runs_count: 7,
});

export const US_AGENT = agentRow('agent-us', {
  name: 'us-cluster',
  spec: {
    kubernetes: { enabled: false, interval: '30m' },
    pushTelemetry: { enabled: true, topologyName: 'us' },
  },
  // Seen 2 minutes ago: no longer online.
  last_seen: ago(2 * MINUTE),
  last_received: ago(2 * MINUTE),
  config_count: 3,
});

export const contentRange = (rows: number, total = rows) =>
  rows === 0 ? `*/${total}` : `0-${rows - 1}/${total}`;

export function agentRoutes(
  options: { rows?: AgentRow[]; total?: number; grants?: Grant[]; roles?: string[] } = {},
): MockRoutes {
  const rows = options.rows ?? [EU_AGENT, US_AGENT];
  return {
    ...sessionRoutes(options.grants ?? WRITE_AGENTS, options.roles),
    'GET /api/db/agents_summary': {
      body: rows,
      headers: { 'Content-Range': contentRange(rows.length, options.total ?? rows.length) },
    },
  };
}
