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
    /^(canaries_with_status|check_summary|check_names|checks_by_component|check_summary_for_config|checks_with_status)$/,
    'canaries',
    { readOnly: true },
  ],
  [
    /^(topologies|components|component_relationships|config_component_relationships|team_components)$/,
    'topologies',
  ],
  [
    /^(topologies_with_status|component_names|components_with_logs|component_labels|component_names_all)$/,
    'topologies',
    { readOnly: true },
  ],
  [/^(config_items|config_changes|config_analysis|config_relationships|saved_query)$/, 'database'],
  [
    /^(configs|config_detail|config_summary|config_names|config_labels|config_tags|config_types|config_statuses|config_classes|analysis_types|change_types|config_analysis_analyzers|config_analysis_items|catalog_changes|changes_by_component|analysis_by_component)$/,
    'database',
    { readOnly: true },
  ],
  [/^config_scrapers$/, 'config_scrapers'],
  [/^config_scrapers_with_status$/, 'config_scrapers', { readOnly: true }],
  [/^(incidents|hypotheses|incident_relationships|incident_rules)$/, 'incident'],
  [
    /^(incident_histories|incident_summary|incidents_by_component|incidents_by_config)$/,
    'incident',
    { readOnly: true },
  ],
  [/^evidences$/, 'evidences'],
  [/^(comments|comment_responders)$/, 'comments'],
  [/^responders$/, 'responder'],
  [/^(playbooks|playbook_approvals)$/, 'playbooks'],
  [/^playbook_names$/, 'playbooks', { readOnly: true }],
  [/^(playbook_runs|playbook_run_actions)$/, 'playbook_runs'],
  [/^(people|teams|team_members)$/, 'database'],
  [/^(people_roles|teams_with_status|severities)$/, 'database', { readOnly: true }],
  [/^connections$/, 'connections', { writeOnly: ['password', 'certificate'] }],
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
    /^(job_history|job_histories|job_history_names|event_queue_summary)$/,
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
