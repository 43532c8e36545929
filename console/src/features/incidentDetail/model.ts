/**
 * The incident detail's data (spec 000 §3) as /api/db answers it, and the constants of §4 and §9.
 */

export interface PersonRef {
  id: string;
  name: string;
  avatar?: string | null;
}

/** One responder kind's settings in teams.spec.responder_clients. */
export interface ResponderClient {
  /** Templated with the incident and put in fields the user has not edited yet. */
  defaults?: Record<string, unknown> | null;
  /** Fixed: the field shows the value and cannot be changed. */
  values?: Record<string, unknown> | null;
  linkUrl?: string | null;
  [key: string]: unknown;
}

export interface TeamSpec {
  responder_clients?: Record<string, ResponderClient | null> | null;
  [key: string]: unknown;
}

export interface Team {
  id: string;
  name: string;
  icon?: string | null;
  spec?: TeamSpec | null;
}

/** Body of an evidence: lines and selected lines for log and config, comment, start... */
export interface EvidenceBody {
  lines?: unknown;
  selected_lines?: unknown;
  comment?: string;
  start?: string;
  includeMessages?: boolean;
  [key: string]: unknown;
}

export type EvidenceType =
  'log' | 'config' | 'topology' | 'check' | 'config_analysis' | 'config_change' | 'comment';

export interface Evidence {
  id: string;
  type: EvidenceType | string;
  description: string | null;
  created_by?: PersonRef | string | null;
  external_created_by?: string | null;
  created_at?: string;
  hypothesis_id: string;
  config_id?: string | null;
  config_analysis_id?: string | null;
  config_change_id?: string | null;
  component_id?: string | null;
  check_id?: string | null;
  responder_id?: string | null;
  evidence?: EvidenceBody | null;
  properties?: Record<string, unknown> | null;
  definition_of_done?: boolean | null;
  done?: boolean | null;
  script?: string | null;
  script_result?: string | null;
  script_error?: string | null;
  /** Embeds named after the linked tables. */
  components?: { id: string; name: string; icon?: string | null; status?: string | null } | null;
  configs?: { id: string; name: string | null; type?: string | null } | null;
  checks?: { id: string; name: string; icon?: string | null; status?: string | null } | null;
  config_analysis?: {
    id: string;
    analyzer?: string | null;
    message?: string | null;
    status?: string | null;
  } | null;
  config_changes?: { id: string; change_type?: string | null; summary?: string | null } | null;
}

export interface Comment {
  id: string;
  comment: string;
  created_at?: string;
  created_by?: PersonRef | null;
  external_created_by?: string | null;
  hypothesis_id?: string | null;
  responder_id?: { team_id?: Team | null } | null;
  /** Shown before the server has answered (optimistic). */
  pending?: boolean;
}

export type HypothesisType = 'root' | 'factor' | 'solution';

export interface Hypothesis {
  id: string;
  incident_id: string;
  parent_id: string | null;
  title: string;
  type: HypothesisType | string;
  status: string | null;
  created_at?: string;
  created_by?: PersonRef | string | null;
  evidences?: Evidence[];
  comments?: Comment[];
}

export interface Incident {
  id: string;
  incident_id: string;
  title: string;
  description?: string | null;
  type: string;
  severity: string | null;
  status: string;
  created_at: string;
  updated_at?: string;
  created_by?: string | null;
  commander_id?: string | null;
  communicator_id?: string | null;
  commander?: PersonRef | null;
  communicator?: PersonRef | null;
  acknowledged?: string | null;
  resolved?: string | null;
  closed?: string | null;
  hypotheses: Hypothesis[];
  /** Every comment of the incident (hypothesis_id null: on the incident itself). */
  comments?: Comment[];
}

export interface Responder {
  id: string;
  incident_id: string;
  type: string;
  team_id?: string | null;
  person_id?: string | null;
  external_id?: string | null;
  properties?: Record<string, unknown> | null;
  created_at: string;
  created_by?: string | null;
  deleted_at?: string | null;
  /** Vigil's columns; acknowledge_time/signoff_time/close_time are upstream's names. */
  acknowledged?: string | null;
  resolved?: string | null;
  closed?: string | null;
  acknowledge_time?: string | null;
  signoff_time?: string | null;
  close_time?: string | null;
  /** The last delivery failure (0022), when the server records one. */
  error?: string | null;
  team?: Team | null;
  person?: PersonRef | null;
}

export interface IncidentHistory {
  id: string;
  incident_id: string;
  type: string;
  description: string | null;
  created_at: string;
  created_by?: PersonRef | null;
  evidence?:
    | (Pick<
        Evidence,
        'id' | 'description' | 'type' | 'components' | 'configs' | 'checks' | 'config_changes'
      > & { config_analysis?: Evidence['config_analysis'] })
    | null;
  hypothesis?: { id: string; title: string } | null;
  responder?: { id: string; person?: PersonRef | null; team?: Team | null } | null;
  comment?: { id: string; comment: string } | null;
}

// ---------------------------------------------------------------------------------------------
// Constants (§3, §4, §9)

export const INCIDENT_STATUSES = [
  'new',
  'open',
  'investigating',
  'mitigated',
  'resolved',
  'closed',
] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** §4.1: the statuses the selector offers after each status (the current one is kept too). */
const NEXT_STATUSES: Record<IncidentStatus, readonly IncidentStatus[]> = {
  new: INCIDENT_STATUSES,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export function nextStatuses(current: string): string[] {
  const known = NEXT_STATUSES[current as IncidentStatus];
  if (known) return [...known];
  // An unknown status may move anywhere; it stays selectable so the control shows it.
  return [current, ...INCIDENT_STATUSES];
}

/** Moving to these asks for contributing factors to add to the definition of done (§4.1). */
export const DOD_PROMPT_STATUSES: readonly string[] = ['mitigated', 'resolved'];

/** The header button: Close when open, Reopen otherwise (§2.4). */
export function toggleTarget(status: string): { label: 'Close' | 'Reopen'; status: string } {
  return status === 'open'
    ? { label: 'Close', status: 'closed' }
    : { label: 'Reopen', status: 'open' };
}

export { INCIDENT_TYPES } from '../../lib/incidentTypes';

/** The severities the UI offers (§3). */
export const SEVERITIES: readonly { value: string; label: string }[] = [
  { value: 'info', label: 'Info' },
  { value: 'warning', label: 'Warning' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'blocker', label: 'Blocker' },
  { value: 'critical', label: 'Critical' },
];

/** §9: a detail shows High when the incident has no severity. */
export const DEFAULT_DETAIL_SEVERITY = 'high';

/** The select value of a stored severity ('Low' and 'low' are the same). */
export function severityValue(severity: string | null | undefined): string {
  const lower = (severity ?? '').toLowerCase();
  return SEVERITIES.some((s) => s.value === lower) ? lower : DEFAULT_DETAIL_SEVERITY;
}

export const HYPOTHESIS_STATUSES: readonly { value: string; label: string }[] = [
  { value: 'proven', label: 'Proven' },
  { value: 'likely', label: 'Likely' },
  { value: 'possible', label: 'Possible' },
  { value: 'unlikely', label: 'Unlikely' },
  { value: 'improbable', label: 'Improbable' },
  { value: 'disproven', label: 'Disproven' },
];

/** §2.4: a node's status selector shows Likely when the hypothesis has none. */
export const DEFAULT_NODE_STATUS = 'likely';
/** §4.2: new hypotheses start as possible. */
export const NEW_HYPOTHESIS_STATUS = 'possible';

export const HYPOTHESIS_TYPE_ORDER: readonly string[] = ['root', 'factor', 'solution'];

/** The type of a child of a node of this type: root -> factor -> solution. */
export function childTypeOf(type: string): HypothesisType | undefined {
  if (type === 'root') return 'factor';
  if (type === 'factor') return 'solution';
  return undefined;
}

export const HYPOTHESIS_TYPE_LABELS: Record<string, string> = {
  root: 'Root cause',
  factor: 'Contributing factor',
  solution: 'Solution',
};

// §9 debounces and delays, in milliseconds.
export const DETAIL_FIELD_DEBOUNCE_MS = 500;
export const HYPOTHESIS_STATUS_DEBOUNCE_MS = 200;
export const HYPOTHESIS_TITLE_DEBOUNCE_MS = 1000;
export const RESPONDER_POPOVER_DELAY_MS = 1000;
/** §2.4: context lines shown around the selected lines of log and config evidence. */
export const EVIDENCE_CONTEXT_LINES = 3;

/** The definition-of-done wizard's scripts (§2.4), as the server's CEL evaluates them. */
export const DOD_SCRIPT_SHORTCUTS: Record<string, { label: string; script: string }[]> = {
  topology: [{ label: 'Component is healthy', script: "status == 'healthy'" }],
};

export const DOD_DEFAULT_SCRIPTS: Record<string, { label: string; script: string }> = {
  check: {
    label: 'check healthy and age over 5m',
    script: "check.status == 'healthy' && check.age > duration('5m')",
  },
  config_analysis: { label: 'analysis resolved', script: "analysis.status == 'resolved'" },
};

export const EVIDENCE_TYPE_LABELS: Record<string, string> = {
  log: 'Log',
  config: 'Config',
  topology: 'Topology',
  check: 'Health check',
  config_analysis: 'Insight',
  config_change: 'Config change',
  comment: 'Comment',
};

export function personOf(value: PersonRef | string | null | undefined): PersonRef | undefined {
  return value && typeof value === 'object' ? value : undefined;
}

/** Every evidence of the incident, in tree order of their hypotheses. */
export function allEvidences(incident: Pick<Incident, 'hypotheses'>): Evidence[] {
  return incident.hypotheses.flatMap((h) => h.evidences ?? []);
}
