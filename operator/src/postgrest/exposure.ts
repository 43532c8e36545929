import type { PolicyObject } from '../auth/policy.js';
import type { ScopeColumn } from '../auth/rowPolicy.js';
import { prepareConnectionWrite } from '../connections/store.js';

/**
 * What /api/db exposes: an allow-list of tables, views and functions, each guarded by one RBAC
 * object of the policy module. Anything not listed is answered 404, as if it did not exist.
 * Secrets are never selectable: their tables are not listed, and secret columns are write-only.
 */
export interface Exposure {
  object: PolicyObject;
  /** Columns that can be written but never read or filtered on. */
  writeOnly?: readonly string[];
  /** Columns read (and filtered, ordered) only through a masking SQL function. */
  masked?: Readonly<Record<string, string>>;
  /** Views and lookups: reads only. */
  readOnly?: boolean;
  /** Writes need this object instead of `object` (people are read by all, written by admins). */
  writeObject?: PolicyObject;
  /** The resources its rows hold, for object-scoped Permissions (see SCOPES). */
  scopes?: readonly ScopeColumn[];
  /**
   * Turns each row of a POST or PATCH body into what is stored (connection secrets are
   * encrypted); throws an Error whose message is the 400 answer.
   */
  prepareWrite?: (row: unknown) => unknown;
}

const rules: [RegExp, PolicyObject, Partial<Exposure>?][] = [
  [
    /^(canaries|checks|check_statuses(_1h|_1d)?|check_component_relationships|check_config_relationships)$/,
    'canaries',
  ],
  [
    /^(canaries_with_status|check_summary|check_names|checks_by_component|check_summary_for_config|check_labels|checks_by_config|check_summary_by_component|check_summary_by_config|check_status_summary|check_status_summary_aged|check_status_summary_hour|check_statuses_5m|check_size_summary)$/,
    'canaries',
    { readOnly: true },
  ],
  [
    /^(topologies|components|component_relationships|config_component_relationships|team_components)$/,
    'topologies',
  ],
  [
    /^(topologies_with_status|component_names|components_with_logs|component_labels|component_names_all|component_types|topology|analysis_summary_by_component)$/,
    'topologies',
    { readOnly: true },
  ],
  [/^(config_items|config_changes|config_analysis|config_relationships|saved_query)$/, 'database'],
  [
    /^(configs|config_detail|config_summary|config_names|config_labels|config_tags|config_types|config_statuses|config_classes|analysis_types|change_types|config_analysis_analyzers|config_analysis_items|catalog_changes|changes_by_component|analysis_by_component|analyzer_types|config_analysis_by_severity|config_changes_by_types|config_class_summary|config_item_summary_3d|config_item_summary_7d|config_item_summary_30d|config_items_aws)$/,
    'database',
    { readOnly: true },
  ],
  [/^config_scrapers$/, 'config_scrapers'],
  [/^config_scrapers_with_status$/, 'config_scrapers', { readOnly: true }],
  [/^(incidents|hypotheses|incident_relationships|incident_rules)$/, 'incident'],
  [
    /^(incident_histories|incident_summary|incidents_by_component|incidents_by_config|incident_summary_by_component)$/,
    'incident',
    { readOnly: true },
  ],
  [/^evidences$/, 'evidences'],
  [/^(comments|comment_responders)$/, 'comments'],
  [/^responders$/, 'responder'],
  [/^playbooks$/, 'playbooks'],
  [/^(playbook_names|playbooks_for_agent|playbook_approvals)$/, 'playbooks', { readOnly: true }],
  // Runs, their actions and approvals are written only by /api/playbook (which checks
  // parameters, approvers and playbook:run over the playbook and its resource) and the engine:
  // a row inserted here would start a run, or approve one, past those checks.
  [
    /^(playbook_runs|playbook_run_actions|playbook_action_agent_data|artifacts)$/,
    'playbook_runs',
    { readOnly: true },
  ],
  // Who someone is: read by everyone, written by admins (or a Permission on people).
  [/^people$/, 'database', { writeObject: 'identities' }],
  [/^(teams|team_members)$/, 'database'],
  [/^(people_roles|teams_with_status|severities)$/, 'database', { readOnly: true }],
  [/^identities$/, 'identities', { readOnly: true }],
  // A password inside a URL is masked (user:***@host) in every answer, filter and order.
  [
    /^connections$/,
    'connections',
    {
      writeOnly: ['password', 'certificate'],
      masked: { url: 'mask_url' },
      // Secrets are stored encrypted, or as secret://, configmap:// references.
      prepareWrite: prepareConnectionWrite,
    },
  ],
  // Secrets appear there only masked ('***') or as references (secret://…).
  [/^(connections_list|connection_details)$/, 'connections', { readOnly: true }],
  [/^permissions$/, 'permissions'],
  [/^properties$/, 'properties'],
  [/^(notifications|notification_silences)$/, 'notifications'],
  [
    /^(notifications_summary|notification_send_history|notification_send_history_summary)$/,
    'notifications',
    { readOnly: true },
  ],
  [/^agents$/, 'agents'],
  [/^agents_summary$/, 'agents', { readOnly: true }],
  [/^logging_backends$/, 'logging_backends'],
  [/^integrations$/, 'integrations'],
  [/^integrations_with_status$/, 'integrations', { readOnly: true }],
  // Read like the rest of the database; changed (retry, discard) by admins or a Permission.
  [/^(event_queue)$/, 'database', { writeObject: 'event_queue' }],
  [
    /^(job_history|job_histories|job_history_names|job_history_latest_status|event_queue_summary|failed_events|push_queue_summary)$/,
    'database',
    { readOnly: true },
  ],
];

const functionRules: [RegExp, PolicyObject][] = [
  [
    /^(lookup_analysis_by_component|related_configs_recursive|related_configs|lookup_config_children|lookup_component_children)$/,
    'database',
  ],
];

const config = (column = 'config_id'): ScopeColumn => ({ kind: 'config', column });
const component = (column = 'component_id'): ScopeColumn => ({ kind: 'component', column });
const canary = (column = 'canary_id'): ScopeColumn => ({ kind: 'canary', column });
const check = (column = 'check_id'): ScopeColumn => ({ kind: 'check', column });
const playbook = (column = 'playbook_id'): ScopeColumn => ({ kind: 'playbook', column });
const connection = (column = 'connection_id'): ScopeColumn => ({ kind: 'connection', column });

/**
 * Which resources the rows of each relation hold, so that object-scoped Permissions (a deny on
 * one config, an allow on prod canaries) filter every list that shows them. A check row is
 * reached through its own id (canary rules apply to it through its canary). Aggregates over
 * many resources (counts per type, summaries) are not scoped: they show no single resource.
 */
export const SCOPES: Record<string, readonly ScopeColumn[]> = {
  // catalog
  config_items: [config('id')],
  configs: [config('id')],
  config_detail: [config('id')],
  config_names: [config('id')],
  config_items_aws: [config('id')],
  config_changes: [config()],
  catalog_changes: [config()],
  config_analysis: [config()],
  config_analysis_items: [config()],
  config_relationships: [config(), config('related_id')],
  config_item_summary_3d: [config()],
  config_item_summary_7d: [config()],
  config_item_summary_30d: [config()],
  changes_by_component: [config(), component()],
  analysis_by_component: [config(), component()],
  incidents_by_config: [config()],
  // topology
  components: [component('id')],
  topology: [component('id')],
  component_names: [component('id')],
  component_names_all: [component('id')],
  components_with_logs: [component('id')],
  analysis_summary_by_component: [component('id')],
  component_relationships: [component(), component('relationship_id')],
  config_component_relationships: [config(), component()],
  team_components: [component()],
  incidents_by_component: [component()],
  // health
  canaries: [canary('id')],
  canaries_with_status: [canary('id')],
  checks: [check('id')],
  check_summary: [check('id')],
  check_names: [check('id')],
  check_size_summary: [check('id')],
  checks_by_component: [check('id'), component()],
  checks_by_config: [check('id'), config()],
  check_summary_for_config: [check('id'), config()],
  check_summary_by_component: [component()],
  check_summary_by_config: [config()],
  check_statuses: [check()],
  check_statuses_1h: [check()],
  check_statuses_1d: [check()],
  check_statuses_5m: [check()],
  check_status_summary: [check()],
  check_status_summary_aged: [check()],
  check_status_summary_hour: [check()],
  check_component_relationships: [check(), component()],
  check_config_relationships: [check(), config()],
  // playbooks
  playbooks: [playbook('id')],
  playbook_names: [playbook('id')],
  playbook_runs: [playbook(), config(), component(), check()],
  playbook_action_agent_data: [playbook()],
  artifacts: [check(), connection()],
  // connections
  connections: [connection('id')],
  connections_list: [connection('id')],
  connection_details: [connection('id')],
  // incidents and notifications that point at a resource
  evidences: [config(), component(), check()],
  notification_silences: [config(), component(), canary(), check()],
};

/**
 * Resource id columns deliberately not scoped, with why. Every other column naming a resource
 * (config_id, component_id, canary_id, check_id, playbook_id, connection_id) must appear in SCOPES;
 * a test holds the two lists complete.
 */
export const UNSCOPED: Record<string, string> = {
  'permissions.*': 'a Permission names resources without showing them; it is read under rbac',
  'notifications.playbook_id':
    'a rule names the playbook it runs without showing it; rules are read under notifications',
  'notifications_summary.playbook_id': 'as notifications',
  'components.config_id': 'a component is shown by its own scope, not by the config it links',
  'topology.config_id': 'as components',
  'checks.canary_id': 'a check is scoped by its id, which brings its canary along',
  'check_summary.canary_id': 'as checks',
  'check_names.canary_id': 'as checks',
  'check_size_summary.canary_id': 'as checks',
  'check_summary_for_config.canary_id': 'as checks',
  'check_component_relationships.canary_id': 'as checks',
  'check_config_relationships.canary_id': 'as checks',
};

export function exposureOf(relation: string): Exposure | undefined {
  for (const [re, object, extra] of rules) {
    if (!re.test(relation)) continue;
    const scopes = SCOPES[relation];
    return { object, ...extra, ...(scopes ? { scopes } : {}) };
  }
  return undefined;
}

export function functionExposureOf(fn: string): Exposure | undefined {
  for (const [re, object] of functionRules) if (re.test(fn)) return { object };
  return undefined;
}
