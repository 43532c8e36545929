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
export type Action = 'read' | 'write';

const PRIVILEGED: readonly PolicyObject[] = ['rbac', 'identities', 'connections'];
const RESPONDER_WRITES: readonly PolicyObject[] = [
  'responder',
  'incident',
  'evidences',
  'comments',
];

function roleAllows(role: Role, object: PolicyObject, action: Action): boolean {
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

export function can(roles: readonly string[], object: PolicyObject, action: Action): boolean {
  return effectiveRoles(roles).some((role) => roleAllows(role, object, action));
}

export interface Grant {
  object: PolicyObject;
  action: Action;
}

export function grants(roles: readonly string[]): Grant[] {
  return OBJECTS.flatMap((object) =>
    (['read', 'write'] as const)
      .filter((action) => can(roles, object, action))
      .map((action) => ({ object, action })),
  );
}
