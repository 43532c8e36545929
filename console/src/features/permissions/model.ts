import { toDateTimeLocal } from '../../lib/format';

/** Global objects a permission can name (spec 002 §3 Permission), in the spec's order. */
export const GLOBAL_OBJECTS = [
  'canaries',
  'catalog',
  'incident',
  'people',
  'topology',
  'playbooks',
  'connection',
  'connection-detail',
  'agent-push',
  'kubernetes-proxy',
  'notification',
  'rbac',
  'logs',
  'agent',
  'artifact',
  // Vigil's own: feature flags, scripts that run on the server (exec checks), and retrying or
  // discarding failed event-queue items.
  'properties',
  'scripts',
  'event_queue',
] as const;

export const PERMISSION_ACTIONS: readonly { value: string; label: string }[] = [
  { value: 'read', label: 'read' },
  { value: 'update', label: 'update' },
  { value: 'create', label: 'create' },
  { value: 'delete', label: 'delete' },
  { value: '*', label: '* (all)' },
  { value: 'create,read,update,delete', label: 'create,read,update,delete (crud)' },
  { value: 'run', label: 'run' },
  { value: 'approve', label: 'approve' },
];

export type EntityKind = 'config' | 'component' | 'canary' | 'playbook' | 'connection';
export type ResourceKind = 'object' | EntityKind;
export type SubjectKind = 'team' | 'person';

export const RESOURCE_KINDS: readonly { kind: ResourceKind; label: string }[] = [
  { kind: 'object', label: 'Global object' },
  { kind: 'config', label: 'Catalog' },
  { kind: 'component', label: 'Component' },
  { kind: 'canary', label: 'Health check' },
  { kind: 'playbook', label: 'Playbook' },
  { kind: 'connection', label: 'Connection' },
];

export const ID_COLUMN: Record<EntityKind, string> = {
  config: 'config_id',
  component: 'component_id',
  canary: 'canary_id',
  playbook: 'playbook_id',
  connection: 'connection_id',
};

/** A picked row: its id and what the person reads. */
export interface EntityRef {
  id: string;
  label: string;
  description?: string;
}

interface Named {
  id: string;
  name: string | null;
}

/** A row of /api/db/permissions with the embeds of spec 002 §7. */
export interface PermissionRow {
  id: string;
  action: string;
  deny: boolean | null;
  description: string | null;
  object: string | null;
  config_id: string | null;
  component_id: string | null;
  canary_id: string | null;
  playbook_id: string | null;
  connection_id: string | null;
  person_id: string | null;
  team_id: string | null;
  until: string | null;
  source: string | null;
  created_at: string;
  created_by: string;
  catalog?: (Named & { type: string | null; config_class: string | null }) | null;
  component?: (Named & { icon: string | null }) | null;
  canary?: Named | null;
  playbook?: (Named & { title: string | null; icon: string | null }) | null;
  connection?: (Named & { type: string | null }) | null;
  team?: (Named & { icon: string | null }) | null;
  person?: (Named & { avatar: string | null }) | null;
  createdBy?: (Named & { avatar: string | null }) | null;
}

export interface PermissionFormValues {
  id?: string;
  resourceKind: ResourceKind;
  /** The global object, when resourceKind is 'object'. */
  object: string;
  /** The specific resource otherwise. */
  resource?: EntityRef;
  subjectKind: SubjectKind;
  subject?: EntityRef;
  action: string;
  deny: boolean;
  description: string;
  /** A datetime-local value, or '' for no end. */
  until: string;
}

export const EMPTY_PERMISSION: PermissionFormValues = {
  resourceKind: 'object',
  object: '',
  subjectKind: 'team',
  action: '',
  deny: false,
  description: '',
  until: '',
};

const label = (row: Named | null | undefined, fallback: string | null) =>
  row?.name || fallback || '';

/** Which resource a row names, and how to show it. */
export function resourceOf(row: PermissionRow): { kind: ResourceKind; ref?: EntityRef } {
  if (row.config_id)
    return { kind: 'config', ref: { id: row.config_id, label: label(row.catalog, row.config_id) } };
  if (row.component_id)
    return {
      kind: 'component',
      ref: { id: row.component_id, label: label(row.component, row.component_id) },
    };
  if (row.canary_id)
    return { kind: 'canary', ref: { id: row.canary_id, label: label(row.canary, row.canary_id) } };
  if (row.playbook_id)
    return {
      kind: 'playbook',
      ref: {
        id: row.playbook_id,
        label: row.playbook?.title || label(row.playbook, row.playbook_id),
      },
    };
  if (row.connection_id)
    return {
      kind: 'connection',
      ref: { id: row.connection_id, label: label(row.connection, row.connection_id) },
    };
  return { kind: 'object' };
}

export function subjectOf(row: PermissionRow): { kind: SubjectKind; ref?: EntityRef } {
  if (row.person_id)
    return { kind: 'person', ref: { id: row.person_id, label: label(row.person, row.person_id) } };
  if (row.team_id)
    return { kind: 'team', ref: { id: row.team_id, label: label(row.team, row.team_id) } };
  return { kind: 'team' };
}

export function fromRow(row: PermissionRow): PermissionFormValues {
  const resource = resourceOf(row);
  const subject = subjectOf(row);
  return {
    id: row.id,
    resourceKind: resource.kind,
    object: row.object ?? '',
    resource: resource.ref,
    subjectKind: subject.kind,
    subject: subject.ref,
    action: row.action,
    deny: Boolean(row.deny),
    description: row.description ?? '',
    until: toDateTimeLocal(row.until),
  };
}

/** Switching the resource kind clears every resource id (spec 002 §5). */
export function withResourceKind(
  values: PermissionFormValues,
  kind: ResourceKind,
): PermissionFormValues {
  return { ...values, resourceKind: kind, object: '', resource: undefined };
}

/** Switching between team and person clears the subject. */
export function withSubjectKind(
  values: PermissionFormValues,
  kind: SubjectKind,
): PermissionFormValues {
  return { ...values, subjectKind: kind, subject: undefined };
}

export type PermissionErrors = Partial<Record<'resource' | 'subject' | 'action', string>>;

export function validatePermission(values: PermissionFormValues): PermissionErrors {
  const errors: PermissionErrors = {};
  const hasResource =
    values.resourceKind === 'object' ? Boolean(values.object) : Boolean(values.resource);
  if (!hasResource) errors.resource = 'Please select a resource';
  if (!values.subject) errors.subject = 'Please select a team or a person';
  if (!values.action) errors.action = 'Please select an action';
  return errors;
}

/**
 * The row to write. Every resource and subject column is sent, the unchosen ones as null, so an
 * edit that switches kind leaves no stale id behind.
 */
export function toPayload(values: PermissionFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    object: values.resourceKind === 'object' ? values.object : null,
    team_id: values.subjectKind === 'team' ? (values.subject?.id ?? null) : null,
    person_id: values.subjectKind === 'person' ? (values.subject?.id ?? null) : null,
    action: values.action,
    deny: values.deny,
    description: values.description.trim() || null,
    until: values.until ? new Date(values.until).toISOString() : null,
  };
  for (const [kind, column] of Object.entries(ID_COLUMN))
    payload[column] = values.resourceKind === kind ? (values.resource?.id ?? null) : null;
  return payload;
}
