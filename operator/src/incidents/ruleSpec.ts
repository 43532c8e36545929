import { parseDuration } from '../controllers/schedule.js';

/**
 * The spec of an incident rule (incident_rules.spec), in the shape of upstream mission-control's
 * IncidentRule (filter, template, responders, autoResolve, autoClose, priority, breakOnMatch):
 *
 *   filter:
 *     resources: [check, component]  what the rule watches (default both)
 *     status: [unhealthy]            statuses that open an incident (default unhealthy)
 *     severity: [critical, high]     check severities; components have none, so a rule with a
 *                                    severity filter matches checks only
 *     type: [http]                   check or component types
 *     labels: {env: prod}            every label must be present with this value
 *     age: 5m                        a check must have been failing this long
 *   template: {title, description, type, severity}
 *                                    the incident; title and description are templates over
 *                                    {{ .resource.name }}, .status, .type, .kind, .message,
 *                                    .namespace and {{ .rule.name }}
 *   responders: {person: [id, email or name], team: [id or name], email: [{to, subject, body}]}
 *   autoResolve: {enabled: true, timeout: 5m}
 *                                    resolve once every resource of the incident has been
 *                                    healthy for timeout (default 0)
 *   autoClose: {enabled: true, timeout: 1h}
 *                                    close once the incident has been resolved for timeout
 *   priority: 1                      rules run in ascending priority, then by name
 *   breakOnMatch: true               a resource this rule matches is left alone by later rules
 *
 * Upstream's autoResolve/autoClose carry only a timeout: an object without `enabled: false` is on.
 * Unknown keys are ignored, so upstream specs with fields Vigil does not use still load.
 */

export type ResourceKind = 'check' | 'component';

export interface Toggle {
  timeoutMs: number;
}

export interface RuleSpec {
  resources: ResourceKind[];
  status: string[];
  severity: string[];
  types: string[];
  labels: Record<string, string>;
  ageMs: number;
  template: { title: string; description: string; type: string; severity: string };
  responders: { person: string[]; team: string[]; email: Record<string, unknown>[] };
  autoResolve?: Toggle;
  autoClose?: Toggle;
  priority: number;
  breakOnMatch: boolean;
}

export type ParsedRule =
  { spec: RuleSpec; errors?: undefined } | { spec?: undefined; errors: string[] };

export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
];
export const INCIDENT_SEVERITIES = [
  'info',
  'warning',
  'low',
  'medium',
  'high',
  'blocker',
  'critical',
];
const RESOURCES: ResourceKind[] = ['check', 'component'];

export const DEFAULT_TITLE = '{{ .resource.name }} is {{ .resource.status }}';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a rule's spec; every problem is reported, each naming its field. */
export function parseRuleSpec(raw: unknown): ParsedRule {
  if (!isObject(raw)) return { errors: ['the rule has no spec (an object is expected)'] };
  const errors: string[] = [];
  const filter = objectAt(raw, 'filter', errors);
  const template = objectAt(raw, 'template', errors);
  const spec: RuleSpec = {
    resources: oneOfEach(filter.resources, 'filter.resources', RESOURCES, errors, RESOURCES),
    status: strings(filter.status, 'filter.status', errors, ['unhealthy']),
    severity: strings(filter.severity, 'filter.severity', errors, []).map((s) => s.toLowerCase()),
    types: strings(filter.type, 'filter.type', errors, []),
    labels: labelsOf(filter.labels, errors),
    ageMs: durationAt(filter.age, 'filter.age', errors),
    template: templateOf(template, errors),
    responders: respondersOf(raw.responders, errors),
    autoResolve: toggleAt(raw.autoResolve, 'autoResolve', errors),
    autoClose: toggleAt(raw.autoClose, 'autoClose', errors),
    priority: priorityOf(raw.priority, errors),
    breakOnMatch: raw.breakOnMatch === true,
  };
  return errors.length ? { errors } : { spec };
}

function objectAt(parent: Obj, key: string, errors: string[]): Obj {
  const v = parent[key];
  if (v === undefined || v === null) return {};
  if (isObject(v)) return v;
  errors.push(`${key} must be an object`);
  return {};
}

function strings(v: unknown, path: string, errors: string[], fallback: string[]): string[] {
  if (v === undefined || v === null) return fallback;
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || !list.every((s) => typeof s === 'string' && s.trim() !== '')) {
    errors.push(`${path} must be a list of names`);
    return fallback;
  }
  return list.length ? list.map((s: string) => s.trim()) : fallback;
}

function oneOfEach<T extends string>(
  v: unknown,
  path: string,
  allowed: T[],
  errors: string[],
  fallback: T[],
): T[] {
  const list = strings(v, path, errors, fallback);
  const unknown = list.filter((s) => !allowed.includes(s as T));
  if (unknown.length)
    errors.push(`${path}: unknown ${unknown.join(', ')} (use ${allowed.join(', ')})`);
  return list.filter((s): s is T => allowed.includes(s as T));
}

function labelsOf(v: unknown, errors: string[]): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (!isObject(v) || !Object.values(v).every((x) => typeof x === 'string')) {
    errors.push('filter.labels must map label names to values');
    return {};
  }
  return v as Record<string, string>;
}

function durationAt(v: unknown, path: string, errors: string[]): number {
  if (v === undefined || v === null || v === '') return 0;
  const ms = typeof v === 'string' ? parseDuration(v.trim()) : undefined;
  if (ms === undefined) {
    errors.push(`${path} must be a duration such as 30s, 5m or 1h`);
    return 0;
  }
  return ms;
}

function toggleAt(v: unknown, path: string, errors: string[]): Toggle | undefined {
  if (v === undefined || v === null || v === false) return undefined;
  if (v === true) return { timeoutMs: 0 };
  if (!isObject(v)) {
    errors.push(`${path} must be an object such as {enabled: true, timeout: 5m}`);
    return undefined;
  }
  if (v.enabled === false) return undefined;
  return { timeoutMs: durationAt(v.timeout, `${path}.timeout`, errors) };
}

function templateOf(t: Obj, errors: string[]): RuleSpec['template'] {
  const text = (key: string, fallback: string) => {
    const v = t[key];
    if (v === undefined || v === null || v === '') return fallback;
    if (typeof v === 'string') return v;
    errors.push(`template.${key} must be text`);
    return fallback;
  };
  const type = text('type', 'availability');
  const severity = text('severity', 'low').toLowerCase();
  if (!INCIDENT_TYPES.includes(type)) {
    errors.push(`template.type: unknown ${type} (use ${INCIDENT_TYPES.join(', ')})`);
  }
  if (!INCIDENT_SEVERITIES.includes(severity)) {
    errors.push(`template.severity: unknown ${severity} (use ${INCIDENT_SEVERITIES.join(', ')})`);
  }
  return {
    title: text('title', DEFAULT_TITLE),
    description: text('description', ''),
    type,
    severity,
  };
}

function respondersOf(v: unknown, errors: string[]): RuleSpec['responders'] {
  if (v !== undefined && v !== null && !isObject(v)) {
    errors.push('responders must be an object with person, team and email lists');
  }
  const r = isObject(v) ? v : {};
  const email = r.email ?? [];
  const emails = Array.isArray(email) ? email : [email];
  if (!emails.every((e) => isObject(e) && typeof e.to === 'string' && e.to.trim() !== '')) {
    errors.push('responders.email must be a list of {to, subject, body}');
  }
  return {
    person: strings(r.person, 'responders.person', errors, []),
    team: strings(r.team, 'responders.team', errors, []),
    email: emails.filter(isObject),
  };
}

function priorityOf(v: unknown, errors: string[]): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  errors.push('priority must be a number');
  return 0;
}
