import type { Incident, ResponderClient, Team } from './model';

/** Responder kinds and their form fields (§3, §4.3). */
export const RESPONDER_TYPES: readonly { value: string; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'jira', label: 'Jira' },
  { value: 'service_now', label: 'ServiceNow' },
  { value: 'ca', label: 'CA' },
  { value: 'aws_support', label: 'AWS Support' },
  { value: 'aws_ams_services_request', label: 'AWS AMS Service Request' },
  { value: 'redhat', label: 'Redhat' },
  { value: 'oracle', label: 'Oracle' },
  { value: 'ms_planner', label: 'Microsoft Planner' },
  { value: 'vmware', label: 'VMWare' },
  { value: 'person', label: 'Person' },
];

export const responderTypeLabel = (type: string | undefined) =>
  RESPONDER_TYPES.find((t) => t.value === type)?.label ?? type ?? '';

const CATEGORY_FORM = ['category', 'description', 'body'];
const PRODUCT_FORM = ['product', 'category', 'description', 'body'];

export const RESPONDER_FIELDS: Record<string, readonly string[]> = {
  email: ['to', 'subject', 'body'],
  jira: ['instance', 'project', 'issueType', 'priority', 'summary', 'description'],
  service_now: CATEGORY_FORM,
  ca: CATEGORY_FORM,
  aws_support: CATEGORY_FORM,
  aws_ams_services_request: CATEGORY_FORM,
  redhat: PRODUCT_FORM,
  oracle: PRODUCT_FORM,
  vmware: PRODUCT_FORM,
  ms_planner: ['instance', 'plan_id', 'bucket_id', 'priority', 'title', 'description'],
  person: ['person'],
};

export const FIELD_LABELS: Record<string, string> = {
  to: 'To',
  subject: 'Subject',
  body: 'Body',
  category: 'Category',
  description: 'Description',
  project: 'Project',
  issueType: 'Issue Type',
  priority: 'Priority',
  summary: 'Summary',
  product: 'Product',
  person: 'Person',
  plan_id: 'Plan ID',
  bucket_id: 'Bucket ID',
  title: 'Title',
  external_id: 'External ID',
  instance: 'Instance',
};

/** Fields shown as text areas. */
export const LONG_FIELDS = new Set(['body', 'description']);

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** Other spellings of the kinds in teams.spec.responder_clients (the server accepts them too). */
const ALIASES: Record<string, string> = {
  mail: 'email',
  smtp: 'email',
  servicenow: 'service_now',
  msplanner: 'ms_planner',
  planner: 'ms_planner',
  microsoftplanner: 'ms_planner',
  awssupport: 'aws_support',
  awsamsservicesrequest: 'aws_ams_services_request',
};

export function responderKind(key: string): string | undefined {
  const n = norm(key);
  return RESPONDER_TYPES.find((t) => norm(t.value) === n)?.value ?? ALIASES[n];
}

/** The kinds a team has configured, with the spec key each came from, in the list's order. */
export function teamResponderTypes(
  team: Team | undefined,
): { value: string; label: string; key: string }[] {
  const clients = team?.spec?.responder_clients ?? {};
  const keys = new Map<string, string>();
  for (const key of Object.keys(clients)) {
    const kind = responderKind(key);
    if (kind && kind !== 'person' && !keys.has(kind)) keys.set(kind, key);
  }
  return RESPONDER_TYPES.flatMap((t) => {
    const key = keys.get(t.value);
    return key ? [{ ...t, key }] : [];
  });
}

export function clientOf(team: Team | undefined, key: string | undefined): ResponderClient {
  if (!team || !key) return {};
  return team.spec?.responder_clients?.[key] ?? {};
}

/** `{{ .incident.title }}`, `{{ incident.title }}` and `<%= incident.title %>` filled from data. */
export function fillTemplate(text: string, data: Record<string, unknown>): string {
  const lookup = (path: string) => {
    let v: unknown = data;
    for (const key of path.split('.')) {
      v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
    }
    if (v === undefined || v === null) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  return text
    .replace(/\{\{-?\s*\.?([\w.]+)\s*-?\}\}/g, (_, path: string) => lookup(path))
    .replace(/<%=\s*([\w.]+)\s*%>/g, (_, path: string) => lookup(path));
}

/** The incident as templates see it. */
export function templateData(incident: Incident, form: Record<string, string>) {
  const { hypotheses: _h, ...rest } = incident;
  const link = `${window.location.origin}/incidents/${incident.id}`;
  return { ...form, incident: { ...rest, link }, link };
}

/** Spec values as strings (the form's fields are text); others are left out. */
export function stringFields(
  source: Record<string, unknown> | null | undefined,
  data: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source ?? {})) {
    if (typeof value === 'string') out[key] = fillTemplate(value, data);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Jira and Microsoft Planner instances (catalog items; their config lists what can be picked)

export interface Choice {
  value: string;
  label: string;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Strings or objects ({key|id|name}) as choices. */
export function choicesOf(list: unknown, valueKeys: string[] = ['key', 'id', 'name']): Choice[] {
  return asArray(list).flatMap((item): Choice[] => {
    if (typeof item === 'string') return [{ value: item, label: item }];
    const r = record(item);
    const value = valueKeys.map((k) => r[k]).find((v) => typeof v === 'string' && v);
    if (typeof value !== 'string') return [];
    const name = typeof r.name === 'string' && r.name ? r.name : value;
    return [{ value, label: name }];
  });
}

function findIn(list: unknown, value: string, keys: string[]): Record<string, unknown> {
  return record(asArray(list).find((item) => keys.some((k) => record(item)[k] === value)));
}

export function jiraChoices(config: unknown, project: string) {
  const c = record(config);
  const p = findIn(c.projects, project, ['key', 'id', 'name']);
  return {
    projects: choicesOf(c.projects, ['key', 'id', 'name']),
    issueTypes: choicesOf(p.issueTypes ?? p.issuetypes ?? c.issueTypes, ['name', 'id']),
    priorities: choicesOf(p.priorities ?? c.priorities, ['name', 'id']),
  };
}

export function plannerChoices(config: unknown, plan: string) {
  const c = record(config);
  const p = findIn(c.plans, plan, ['id', 'name']);
  return {
    plans: choicesOf(c.plans, ['id', 'name']),
    buckets: choicesOf(p.buckets ?? c.buckets, ['id', 'name']),
    priorities: choicesOf(p.priorities ?? c.priorities, ['name', 'id']),
  };
}

/** The instance of this team: the one whose external id names the team's id (§4.3). */
export function instanceForTeam<T extends { external_id?: string[] | string | null }>(
  instances: readonly T[],
  teamId: string,
): T | undefined {
  return instances.find((i) => {
    const ext = i.external_id;
    if (Array.isArray(ext)) return ext.some((x) => typeof x === 'string' && x.includes(teamId));
    return typeof ext === 'string' && ext.includes(teamId);
  });
}
