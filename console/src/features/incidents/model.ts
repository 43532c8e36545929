import { INCIDENT_TYPES } from '../../lib/incidentTypes';

/** Incident vocabulary shared by the list, the create modal and the Link to Incident dialog. */

export interface Choice {
  value: string;
  label: string;
}

export { INCIDENT_TYPES };

/** The incident model's own severities (spec 000 §3), the ones an incident is created with. */
export const INCIDENT_SEVERITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'blocker', label: 'Blocker' },
  { value: 'critical', label: 'Critical' },
] as const satisfies readonly Choice[];

/** Spec 000 §4.1, in workflow order. */
export const INCIDENT_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'open', label: 'Open' },
  { value: 'investigating', label: 'Investigating' },
  { value: 'mitigated', label: 'Mitigated' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
] as const satisfies readonly Choice[];

/** A filter's "no filter" value; it is never sent to the server (spec 000 §7). */
export const ALL = 'all';

/** Spec 000 §3: 'Severity filter options: All, critical, high, medium, low, Info'. */
export const SEVERITY_FILTER_CHOICES: readonly Choice[] = [
  { value: ALL, label: 'All' },
  { value: 'critical', label: 'Critical' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
  { value: 'info', label: 'Info' },
];

export const TYPE_FILTER_CHOICES: readonly Choice[] = [
  { value: ALL, label: 'All' },
  ...INCIDENT_TYPES,
];

export const STATUS_FILTER_CHOICES: readonly Choice[] = [
  { value: ALL, label: 'All' },
  ...INCIDENT_STATUSES,
];

/**
 * Defaults of a new incident (spec 000 §2.5, §9): status open, severity Low, type availability.
 * Severity is stored in the model's lowercase spelling; 'Low' is its label.
 */
export const NEW_INCIDENT_DEFAULTS = {
  status: 'open',
  severity: 'low',
  type: 'availability',
} as const;

export type EvidenceType =
  'log' | 'config' | 'topology' | 'check' | 'config_analysis' | 'config_change' | 'comment';

export interface Actor {
  id: string | null;
  name: string | null;
  avatar: string | null;
}

/** A row of /api/db/incident_summary (operator/migrations/0015_views_incidents.sql). */
export interface IncidentSummaryRow {
  id: string;
  /** Display id, INC-n. */
  incident_id: string;
  title: string;
  severity: string;
  type: string;
  status: string;
  created_at: string;
  updated_at: string;
  created_by: string;
  commander: Actor | null;
  responders: Actor[] | null;
}

/** The columns of an incidents row the console reads back after creating one. */
export interface IncidentRow {
  id: string;
  incident_id: string;
  title: string;
  description: string;
  severity: string;
  type: string;
  status: string;
  created_at: string;
}

export interface HypothesisRow {
  id: string;
  title: string;
  type: string;
  status: string;
  incident_id?: string;
}

/** Incidents offered by the Link to Incident dialog, with their hypotheses. */
export interface IncidentOption {
  id: string;
  incident_id: string;
  title: string;
  severity: string;
  status: string;
  type: string;
  hypotheses: Pick<HypothesisRow, 'id' | 'title' | 'type'>[] | null;
}

export const labelOf = (choices: readonly Choice[], value: string): string =>
  choices.find((c) => c.value === value)?.label ?? value;

export const typeLabel = (value: string) => labelOf(INCIDENT_TYPES, value);

/** Every severity the UI shows (spec 000 §3), for labels; stored values may differ in case. */
const SEVERITY_LABELS: readonly Choice[] = [
  { value: 'info', label: 'Info' },
  { value: 'warning', label: 'Warning' },
  ...INCIDENT_SEVERITIES,
];

export const severityLabel = (value: string) =>
  SEVERITY_LABELS.find((c) => c.value === value.toLowerCase())?.label ?? value;

export const isOneOf = (choices: readonly Choice[], value: string): boolean =>
  choices.some((c) => c.value === value);

/** The server's words for a failed call (PostgREST `message`, or the fetcher's). */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return 'An error occurred';
}
