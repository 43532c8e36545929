import type { Grant } from '../../api/session';
import { sessionRoutes, type MockRoutes } from '../../test/mockApi';
import type { PlaybookRow } from './playbooksApi';
import type { Parameter, RunAction, RunDetail } from './types';

export const READER: Grant[] = [
  { object: 'playbooks', action: 'read' },
  { object: 'playbook_runs', action: 'read' },
];
export const WRITER: Grant[] = [
  ...READER,
  { object: 'playbooks', action: 'write' },
  { object: 'playbook_runs', action: 'write' },
];

const at = '2026-11-20T10:00:00Z';

export function playbook(
  overrides: Partial<PlaybookRow> & { id: string; name: string },
): PlaybookRow {
  return {
    namespace: 'default',
    title: '',
    description: null,
    icon: null,
    category: '',
    source: 'UI',
    spec: { actions: [{ name: 'run', exec: { script: 'echo hi' } }] },
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export const PLAYBOOKS: PlaybookRow[] = [
  playbook({
    id: 'pb-restart',
    name: 'restart-deployment',
    title: 'Restart deployment',
    category: 'Kubernetes',
    description: 'Rolls the pods of a deployment',
    spec: {
      category: 'Kubernetes',
      configs: [{ types: ['Kubernetes::Deployment'] }],
      actions: [{ name: 'restart', exec: { script: 'kubectl rollout restart' } }],
    },
  }),
  playbook({
    id: 'pb-vacuum',
    name: 'vacuum-db',
    title: 'Vacuum database',
    category: 'Database',
  }),
  playbook({
    id: 'pb-crd',
    name: 'scale',
    namespace: 'platform',
    title: 'Scale',
    category: 'Kubernetes',
    source: 'KubernetesCRD',
  }),
  playbook({ id: 'pb-hello', name: 'hello', title: 'Hello' }),
];

export function playbookRoutes(grants: Grant[] = WRITER, extra: MockRoutes = {}): MockRoutes {
  return {
    ...sessionRoutes(grants, ['editor']),
    'GET /api/db/playbooks': (req) => {
      const id = req.url.searchParams.get('id')?.replace(/^eq\./, '');
      return { body: id ? PLAYBOOKS.filter((p) => p.id === id) : PLAYBOOKS };
    },
    'PATCH /api/db/playbooks': { body: [] },
    'POST /api/db/playbooks': { status: 201, body: [] },
    ...extra,
  };
}

export const param = (overrides: Partial<Parameter> & { name: string }): Parameter => ({
  type: 'text',
  ...overrides,
});

const t = (seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

export const RESTART_ACTION: RunAction = {
  id: 'a-1',
  name: 'restart',
  status: 'completed',
  start_time: t(1),
  end_time: t(3),
  scheduled_time: t(1),
  result: { stdout: 'deployment restarted', stderr: 'warning: slow', exitCode: 0 },
  error: null,
  artifacts: [{ id: 'art-1', filename: 'rollout.log', content_type: 'text/plain', size: 2048 }],
};

export const NOTIFY_ACTION: RunAction = {
  id: 'a-2',
  name: 'notify',
  status: 'completed',
  start_time: t(4),
  end_time: t(31),
  scheduled_time: t(4),
  result: { status: 200, body: 'ok' },
  error: null,
  artifacts: [],
};

export function runDetail(overrides: Partial<RunDetail> = {}): RunDetail {
  return {
    id: 'run-1',
    playbook_id: 'pb-restart',
    status: 'completed',
    parameters: { replicas: '3', token: 's3cret' },
    error: null,
    created_at: t(0),
    start_time: t(1),
    end_time: t(31),
    scheduled_time: t(0),
    config_id: 'cfg-1',
    component_id: null,
    check_id: null,
    created_by: 'me-1',
    actions: [RESTART_ACTION, NOTIFY_ACTION],
    approvals: [],
    ...overrides,
  };
}

export const RUN_REFS = {
  id: 'run-1',
  playbooks: {
    id: 'pb-restart',
    name: 'restart-deployment',
    title: 'Restart deployment',
    icon: null,
    spec: {
      actions: [],
      parameters: [
        { name: 'replicas', label: 'Replicas', type: 'text' },
        { name: 'token', label: 'Token', type: 'secret' },
      ],
    },
  },
  config: { id: 'cfg-1', name: 'payments-api', type: 'Kubernetes::Deployment' },
  component: null,
  check: null,
  created_by: { id: 'me-1', name: 'Ada Admin', avatar: null },
};
