/**
 * The one policy module. Every /api route, /api/db table and /k8s verb asks `can()`; the console
 * hides controls by reading the same answers from whoami. Role matrix: spec 000 §6.
 */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const OBJECTS = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
] as const;
export type PolicyObject = (typeof OBJECTS)[number];
/** `run` is Run Now on checks and playbooks: every role but viewer (spec 001 §6). */
export type Action = 'read' | 'write' | 'run';

const PRIVILEGED: readonly PolicyObject[] = ['rbac', 'identities', 'connections'];
const RESPONDER_WRITES: readonly PolicyObject[] = [
  'responder',
  'incident',
  'evidences',
  'comments',
];

function roleAllows(role: Role, object: PolicyObject, action: Action): boolean {
  if (action === 'run') return role !== 'viewer' && !PRIVILEGED.includes(object);
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return action === 'read' || !PRIVILEGED.includes(object);
    case 'commander':
    case 'responder':
      if (PRIVILEGED.includes(object)) return false;
      return action === 'read' || RESPONDER_WRITES.includes(object);
    case 'viewer':
      return action === 'read' && !PRIVILEGED.includes(object);
  }
}

/** A person without roles is a viewer; several roles give the union of their rights. */
export function effectiveRoles(roles: readonly string[]): Role[] {
  const known = roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return known.length > 0 ? known : ['viewer'];
}

/**
 * A Permission object (from /settings/permissions or the Permission kind) that applies to the
 * subject: allow or deny `action` on a global object, or on one resource.
 */
export interface PermissionRule {
  action: string;
  deny: boolean;
  /** A global object name of spec 002 §3 (canaries, catalog, incident, …). */
  object?: string | null;
  resource?: { kind: ResourceKind; id: string };
}

export type ResourceKind = 'component' | 'config' | 'canary' | 'check' | 'playbook' | 'connection';

export interface Subject {
  roles: readonly string[];
  rules?: readonly PermissionRule[];
}

/** Which policy objects a global Permission object covers. */
const GLOBAL_OBJECTS: Record<string, readonly PolicyObject[]> = {
  canaries: ['canaries'],
  catalog: ['database', 'config_scrapers'],
  incident: ['incident', 'evidences', 'comments', 'responder'],
  people: ['identities'],
  topology: ['topologies'],
  playbooks: ['playbooks', 'playbook_runs'],
  connection: ['connections'],
  'connection-detail': ['connections'],
  notification: ['notifications'],
  rbac: ['rbac', 'permissions'],
  logs: ['logging_backends'],
  agent: ['agents'],
  'agent-push': ['agents'],
  'kubernetes-proxy': [],
  artifact: [],
};

const RESOURCE_OBJECT: Record<ResourceKind, PolicyObject> = {
  component: 'topologies',
  config: 'database',
  canary: 'canaries',
  check: 'canaries',
  playbook: 'playbooks',
  connection: 'connections',
};

export const GLOBAL_OBJECT_NAMES = Object.keys(GLOBAL_OBJECTS);
export const PERMISSION_ACTIONS = [
  'read',
  'update',
  'create',
  'delete',
  '*',
  'create,read,update,delete',
  'run',
  'approve',
];

function covers(ruleAction: string, action: Action): boolean {
  const actions = ruleAction.split(',').map((a) => a.trim());
  if (actions.includes('*')) return true;
  if (action === 'run') return actions.includes('run');
  return action === 'read' ? actions.includes('read') : actions.some((a) => a !== 'read');
}

function applies(
  rule: PermissionRule,
  object: PolicyObject,
  action: Action,
  resource?: PermissionRule['resource'],
): boolean {
  if (!covers(rule.action, action)) return false;
  if (rule.resource) {
    return (
      !!resource &&
      rule.resource.kind === resource.kind &&
      rule.resource.id === resource.id &&
      RESOURCE_OBJECT[rule.resource.kind] === object
    );
  }
  return !!rule.object && (GLOBAL_OBJECTS[rule.object] ?? []).includes(object);
}

function subjectOf(s: Subject | readonly string[]): Subject {
  return Array.isArray(s) ? { roles: s } : (s as Subject);
}

/**
 * The decision: a matching deny wins over everything; then a matching allow; then the roles.
 * Pass `resource` to also weigh permissions granted on that one resource.
 */
export function can(
  subject: Subject | readonly string[],
  object: PolicyObject,
  action: Action,
  resource?: PermissionRule['resource'],
): boolean {
  const { roles, rules = [] } = subjectOf(subject);
  const matching = rules.filter((r) => applies(r, object, action, resource));
  if (matching.some((r) => r.deny)) return false;
  if (matching.length > 0) return true;
  return effectiveRoles(roles).some((role) => roleAllows(role, object, action));
}

/** The reason a request is refused, naming the missing permission. */
export function denial(subject: Subject, object: PolicyObject, action: Action): string {
  const denied = (subject.rules ?? []).some((r) => r.deny && applies(r, object, action));
  return denied
    ? `permission denied: ${action} on ${object} is denied by a Permission`
    : `permission denied: ${action} on ${object} is not granted to roles ${effectiveRoles(subject.roles).join(', ')}`;
}

export interface Grant {
  object: PolicyObject;
  action: Action;
}

export function grants(subject: Subject | readonly string[]): Grant[] {
  return OBJECTS.flatMap((object) =>
    (['read', 'write'] as const)
      .filter((action) => can(subject, object, action))
      .map((action) => ({ object, action })),
  );
}
