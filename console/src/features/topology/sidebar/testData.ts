import type { MockRequest, MockRoutes } from '../../../test/mockApi';
import type {
  ComponentChange,
  ComponentCheck,
  ComponentIncident,
  ComponentInsight,
  ComponentRun,
  LinkedConfig,
  TeamLink,
} from './panelsApi';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const CONFIGS: LinkedConfig[] = [
  {
    component_id: 'c-cluster',
    config_id: 'cfg-1',
    configs: {
      id: 'cfg-1',
      name: 'checkout',
      type: 'Kubernetes::Deployment',
      config_class: 'Deployment',
      deleted_at: null,
    },
  },
  {
    component_id: 'c-cluster',
    config_id: 'cfg-old',
    configs: {
      id: 'cfg-old',
      name: 'legacy-cron',
      type: 'Kubernetes::CronJob',
      config_class: 'CronJob',
      deleted_at: ago(60),
    },
  },
];

export const INCIDENTS: ComponentIncident[] = [
  {
    id: 'inc-1',
    title: 'Checkout is slow',
    type: 'availability',
    status: 'open',
    severity: 'high',
    created_at: ago(5),
  },
];

export const CHANGES: ComponentChange[] = [
  {
    id: 'chg-1',
    config_id: 'cfg-1',
    name: 'checkout',
    type: 'Kubernetes::Deployment',
    config_class: 'Deployment',
    change_type: 'diff',
    severity: 'info',
    created_at: ago(10),
  },
];

export const CHECKS: ComponentCheck[] = [
  { id: 'chk-1', name: 'checkout-http', type: 'http', severity: 'high', status: 'unhealthy' },
];

export const TEAMS: TeamLink[] = [
  {
    team_id: 'team-1',
    component_id: 'c-cluster',
    team: { id: 'team-1', name: 'payments', icon: null },
  },
];

export const run = (n: number): ComponentRun => ({
  id: `run-${n}`,
  status: n === 0 ? 'failed' : 'completed',
  created_at: ago(n),
  start_time: ago(n),
  playbooks: { id: 'pb-1', name: 'restart', title: `Restart ${n}`, icon: null },
});

export const INSIGHTS: ComponentInsight[] = [
  {
    analysis_id: 'an-1',
    config_id: 'cfg-1',
    name: 'checkout',
    type: 'Kubernetes::Deployment',
    config_class: 'Deployment',
    analysis_type: 'security',
    severity: 'critical',
    first_observed: ago(100),
    last_observed: ago(1),
  },
];

/** A PostgREST page of `rows`, by the request's offset and limit, with the total. */
function paged<Row>(rows: readonly Row[]) {
  return (req: MockRequest) => {
    const offset = Number(req.url.searchParams.get('offset') ?? 0);
    const limit = Number(req.url.searchParams.get('limit') ?? rows.length);
    const page = rows.slice(offset, offset + limit);
    const end = Math.max(offset, offset + page.length - 1);
    return { body: page, headers: { 'Content-Range': `${offset}-${end}/${rows.length}` } };
  };
}

export function panelRoutes(runs: readonly ComponentRun[] = [run(0)]): MockRoutes {
  return {
    'GET /api/db/config_component_relationships': { body: CONFIGS },
    'GET /api/db/incidents_by_component': { body: INCIDENTS },
    'GET /api/db/changes_by_component': { body: CHANGES },
    'GET /api/db/checks_by_component': { body: CHECKS },
    'GET /api/db/playbook_runs': paged(runs),
    'GET /api/db/team_components': { body: TEAMS },
    'GET /api/db/analysis_by_component': paged(INSIGHTS),
  };
}
