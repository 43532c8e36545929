import type { PolicyObject } from '../auth/policy.js';

/**
 * What /api/db exposes: an allow-list of tables, views and functions, each guarded by one RBAC
 * object of the policy module. Anything not listed is answered 404, as if it did not exist.
 * Secrets are never selectable: their tables are not listed, and secret columns are write-only.
 */
export interface Exposure {
  object: PolicyObject;
  /** Columns that can be written but never read or filtered on. */
  writeOnly?: readonly string[];
  /** Views and lookups: reads only. */
  readOnly?: boolean;
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
  [/^(playbooks|playbook_approvals)$/, 'playbooks'],
  [/^(playbook_names|playbooks_for_agent)$/, 'playbooks', { readOnly: true }],
  [/^(playbook_runs|playbook_run_actions|playbook_action_agent_data|artifacts)$/, 'playbook_runs'],
  [/^(people|teams|team_members)$/, 'database'],
  [/^(people_roles|teams_with_status|severities)$/, 'database', { readOnly: true }],
  [/^identities$/, 'identities', { readOnly: true }],
  [/^connections$/, 'connections', { writeOnly: ['password', 'certificate'] }],
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
  [/^(event_queue)$/, 'database'],
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

export function exposureOf(relation: string): Exposure | undefined {
  for (const [re, object, extra] of rules) if (re.test(relation)) return { object, ...extra };
  return undefined;
}

export function functionExposureOf(fn: string): Exposure | undefined {
  for (const [re, object] of functionRules) if (re.test(fn)) return { object };
  return undefined;
}
