import type { Grant } from '../../api/session';
import { sessionRoutes, type MockHandler, type MockRoutes } from '../../test/mockApi';
import type { HistoryRow } from './history/api';
import type { RuleRow } from './rules/api';
import type { RuleRecord } from './rules/ruleModel';
import type { SilenceRow } from './silences/api';

export const READER: Grant[] = [{ object: 'notifications', action: 'read' }];
export const WRITER: Grant[] = [...READER, { object: 'notifications', action: 'write' }];
/** Spec 002 §6: the silence delete control also needs write on identities. */
export const ADMIN: Grant[] = [...WRITER, { object: 'identities', action: 'write' }];

export const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
export const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const ada = { id: 'me-1', name: 'Ada Admin', avatar: null, email: 'ada@example.com' };
const grace = { id: 'p-2', name: 'Grace Hopper', avatar: null, email: 'grace@example.com' };

export function historyRow(overrides: Partial<HistoryRow> & { id: string }): HistoryRow {
  return {
    notification_id: 'rule-1',
    status: 'sent',
    created_at: ago(5),
    first_observed: ago(5),
    count: 1,
    duration_millis: 250,
    source_event: 'check.failed',
    resource_id: 'chk-1',
    resource_type: 'check',
    resource: { id: 'chk-1', name: 'api-health', type: 'http', status: 'unhealthy' },
    body: null,
    error: null,
    recipient: null,
    silenced_by: null,
    person: null,
    notification: { id: 'rule-1', name: 'payments-alerts', title: 'Payments failures' },
    ...overrides,
  };
}

export const HISTORY: HistoryRow[] = [
  historyRow({
    id: 'h-1',
    status: 'error',
    count: 3,
    created_at: ago(5),
    first_observed: ago(120),
    error: '{"ok":false,"error":"channel_not_found"}',
    recipient: 'slack://alerts',
    body: '**api-health** is failing',
  }),
  historyRow({
    id: 'h-2',
    status: 'repeat-interval',
    created_at: ago(60),
    source_event: 'config.unhealthy',
    resource_id: 'cfg-1',
    resource_type: 'config',
    resource: { id: 'cfg-1', name: 'payments-db', type: 'AWS::RDS::DBInstance' },
  }),
  historyRow({
    id: 'h-3',
    status: 'silenced',
    created_at: ago(90),
    source_event: 'component.unhealthy',
    resource_id: 'comp-1',
    resource_type: 'component',
    resource: { id: 'comp-1', name: 'checkout', icon: null },
    silenced_by: 's-1',
    person: grace,
  }),
  historyRow({
    id: 'h-4',
    created_at: ago(120),
    source_event: 'incident.created',
    resource_id: 'inc-1',
    resource_type: 'incident',
    resource: { id: 'inc-1', name: 'Checkout is down' },
  }),
];

export function ruleRow(overrides: Partial<RuleRow> & { id: string }): RuleRow {
  return {
    name: overrides.id,
    namespace: 'default',
    title: null,
    events: ['check.failed'],
    filter: null,
    error: null,
    person_id: null,
    team_id: null,
    custom_services: null,
    repeat_interval: null,
    source: 'UI',
    created_at: ago(600),
    updated_at: ago(60),
    pending: 0,
    failed: 0,
    sent: 0,
    avg_duration_ms: null,
    most_common_error: null,
    person: null,
    team: null,
    created_by: ada,
    ...overrides,
  };
}

export const RULES: RuleRow[] = [
  ruleRow({
    id: 'rule-1',
    title: 'Payments failures',
    events: ['check.failed', 'config.unhealthy'],
    filter: 'check.name == "api-health"',
    person_id: 'p-2',
    person: grace,
    repeat_interval: '1h',
    pending: 2,
    failed: 4,
    sent: 12,
    avg_duration_ms: 1500,
    most_common_error: 'slack: channel_not_found',
  }),
  ruleRow({
    id: 'rule-2',
    title: 'From kubectl',
    events: ['component.unhealthy'],
    source: 'KubernetesCRD',
    team_id: 't-1',
    team: { id: 't-1', name: 'SRE', icon: null },
    created_by: null,
  }),
];

export function ruleRecord(overrides: Partial<RuleRecord> & { id: string }): RuleRecord {
  return {
    title: null,
    events: ['check.failed'],
    filter: null,
    person_id: null,
    team_id: null,
    custom_services: null,
    repeat_interval: null,
    template: null,
    properties: null,
    source: 'UI',
    ...overrides,
  };
}

export function silenceRow(overrides: Partial<SilenceRow> & { id: string }): SilenceRow {
  return {
    namespace: '',
    config_id: null,
    component_id: null,
    check_id: null,
    canary_id: null,
    from: ago(30),
    until: fromNow(90),
    recursive: false,
    description: null,
    filter: null,
    source: 'UI',
    created_by: 'me-1',
    created_at: ago(30),
    updated_at: ago(30),
    deleted_at: null,
    checks: null,
    catalog: null,
    component: null,
    createdBy: ada,
    ...overrides,
  };
}

export const SILENCES: SilenceRow[] = [
  silenceRow({
    id: 's-1',
    check_id: 'chk-1',
    checks: { id: 'chk-1', name: 'api-health', type: 'http', status: 'unhealthy' },
    description: 'deploying the API',
  }),
  silenceRow({
    id: 's-2',
    config_id: 'cfg-1',
    catalog: { id: 'cfg-1', name: 'payments-db', type: 'AWS::RDS::DBInstance', config_class: 'DB' },
    from: ago(600),
    until: ago(300),
    recursive: true,
    description: 'maintenance window',
    createdBy: grace,
  }),
  silenceRow({
    id: 's-3',
    component_id: 'comp-1',
    component: { id: 'comp-1', name: 'checkout', icon: null },
    from: fromNow(60),
    until: fromNow(120),
    source: 'KubernetesCRD',
    createdBy: null,
  }),
];

/** A list answer that also serves `?id=eq.X` (the modals' get by id) from the same rows. */
export function listOrById(rows: readonly { id: string }[]): MockHandler {
  return (req) => {
    const id = req.url.searchParams.get('id');
    if (id) return { body: rows.filter((r) => `eq.${r.id}` === id) };
    return { body: rows, headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` } };
  };
}

/** Session, lists and pickers; `extra` replaces or adds routes. */
export function notificationRoutes(grants: Grant[], extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants, ['editor']),
    'GET /api/db/notification_send_history_summary': listOrById(HISTORY),
    'GET /api/db/notifications_summary': listOrById(RULES),
    'GET /api/db/notification_silences': listOrById(SILENCES),
    'GET /api/db/people': { body: [grace, ada] },
    'GET /api/db/teams': { body: [{ id: 't-1', name: 'SRE' }] },
    'GET /api/db/connections_list': {
      body: [{ id: 'c-1', name: 'slack-alerts', namespace: 'default', type: 'slack' }],
    },
    ...extra,
  };
}
