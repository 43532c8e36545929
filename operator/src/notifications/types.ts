/** A notification rule as the engine reads it (the `notifications` row). */
export interface RuleRow {
  id: string;
  name: string;
  namespace: string | null;
  events: string[];
  title: string | null;
  template: string | null;
  filter: string | null;
  properties: Record<string, string> | null;
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  custom_services: Record<string, unknown>[] | null;
  repeat_interval: string | null;
  /** Seconds. */
  wait_for: string | number | null;
  group_by: string[] | null;
  group_by_interval: string | null;
  inhibitions: Inhibition[] | null;
  fallback: Recipient | null;
  fallback_delay: string | null;
}

export interface Inhibition {
  direction: 'outgoing' | 'incoming' | 'all';
  soft?: boolean;
  depth?: number;
  from: string;
  to: string[];
}

/** Who a send goes to: exactly one of these (the rule's own columns, or its fallback's). */
export interface Recipient {
  person_id?: string | null;
  team_id?: string | null;
  playbook_id?: string | null;
  custom_services?: Record<string, unknown>[] | null;
}

/** What the event is about. */
export type ResourceKind = 'check' | 'config' | 'component' | 'incident' | 'playbook';

/** An event with its resource read, ready for filters, silences and templates. */
export interface EventContext {
  event: string;
  eventTime: Date;
  kind: ResourceKind;
  resourceId: string;
  resourceName: string;
  /** The state the event announced (`unhealthy` for check.failed), for the waitFor re-check. */
  announced?: string;
  /** Ids a silence may name for this resource (check, its canary, components, ancestors). */
  silenceScope: SilenceScope;
  /** CEL and template variables (crds.md §5 filter environment). */
  vars: Record<string, unknown>;
  /** Grouping attributes: type, description, status_reason, labels, tags. */
  attributes: {
    type?: string;
    description?: string;
    status_reason?: string;
    labels: Record<string, string>;
    tags: Record<string, string>;
  };
  /** Config type, for inhibitions. */
  configType?: string;
}

export interface SilenceScope {
  /** Silences naming these apply whether recursive or not. */
  direct: { check?: string[]; canary?: string[]; config?: string[]; component?: string[] };
  /** Silences naming these apply only when recursive (ancestors of the resource). */
  ancestors: { config?: string[]; component?: string[] };
}

/** A row of notification_send_history the dispatcher works on. */
export interface SendRow {
  id: string;
  notification_id: string;
  status: string;
  source_event: string;
  resource_id: string;
  attempts: number;
  first_observed: Date;
  created_at: Date;
  parent_id: string | null;
  group_id: string | null;
  playbook_run_id: string | null;
  payload: SendPayload | null;
}

/** What the dispatcher needs later, written when the event is decided. */
export interface SendPayload {
  event: string;
  properties: Record<string, unknown>;
  eventTime: string;
  /** Held for waitFor: health is checked again before sending. */
  waitFor?: boolean;
  groupKey?: string;
  /** This row sends to the rule's fallback recipient. */
  fallback?: boolean;
}

/** Statuses of rows still to be worked on. */
export const OPEN_STATUSES = [
  'pending',
  'evaluating-waitfor',
  'attempting_fallback',
  'pending_playbook_run',
  'pending_playbook_completion',
] as const;
