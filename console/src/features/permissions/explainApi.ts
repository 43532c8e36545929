import { request } from '../../api/fetcher';
import type { EntityKind } from './model';

/** The policy module's objects (operator/src/auth/policy.ts OBJECTS), for the explain tool. */
export const POLICY_OBJECTS = [
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
  'scripts',
  'event_queue',
] as const;

/** The policy module's actions: `write` is create, update and delete together. */
export const POLICY_ACTIONS = [
  'read',
  'write',
  'create',
  'update',
  'delete',
  'run',
  'approve',
  'cancel',
] as const;

export interface ExplainRule {
  id: string | null;
  /** The Permission resource's name (applied with kubectl), else null. */
  name: string | null;
  description: string | null;
  action: string;
  deny: boolean;
  object: string | null;
  scope: Record<string, unknown[]> | null;
}

export interface Explanation {
  person: { id: string; name: string; email: string | null };
  object: string;
  action: string;
  resources: { kind: string; id: string; name?: string | null }[];
  allowed: boolean;
  decidedBy: 'permission' | 'roles';
  rule: ExplainRule | null;
  matching: ExplainRule[];
  roles: string[];
  grantingRoles: string[];
  reason: string;
  /** What the API answers such a request with (403), when refused. */
  denial: string | null;
}

export interface ExplainQuery {
  personId: string;
  /** '' lets the server take the resource's own object. */
  object: string;
  action: string;
  resource?: { kind: EntityKind; id: string };
}

export function explainAccess(query: ExplainQuery): Promise<Explanation> {
  const params = new URLSearchParams({ person_id: query.personId, action: query.action });
  if (query.object) params.set('object', query.object);
  if (query.resource) params.set(`${query.resource.kind}_id`, query.resource.id);
  return request<Explanation>(`/api/rbac/explain?${params.toString()}`);
}

/** How a Permission is named to people: its name, else its description, else its id. */
export function ruleLabel(rule: ExplainRule): string {
  const label = rule.name || rule.description;
  return label ? `'${label}'` : (rule.id ?? '(unnamed)');
}
