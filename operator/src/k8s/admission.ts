import type { KindDescriptor } from '@vigil/crds';
import type { Principal } from '../auth/identity.js';
import { permissionRuleOf } from '../auth/permissionSpec.js';
import {
  can,
  denial,
  holdsRule,
  mayReachSome,
  type Action,
  type PolicyObject,
} from '../auth/policy.js';
import type { ResourceAttrs, ScopeKind } from '../auth/scope.js';
import { runsScripts, scriptsDenied } from '../auth/scripts.js';
import type { K8sObject } from './objects.js';

/**
 * The policy module's answers for Vigil's Kubernetes API, beyond "may this verb touch this
 * kind": object-scoped Permissions on Canaries and Playbooks, the scripts grant for specs that
 * run code, and bounded delegation for Permission resources. Each returns the reason to refuse,
 * or undefined.
 */

/** Kinds whose objects object-scoped Permissions can name. */
const SCOPED: Record<string, ScopeKind> = { Canary: 'canary', Playbook: 'playbook' };

/** The policy verb of a Kubernetes verb. */
export function policyVerb(verb: string): Action {
  if (verb === 'get' || verb === 'list' || verb === 'watch') return 'read';
  if (verb === 'create') return 'create';
  if (verb === 'delete') return 'delete';
  return 'update';
}

function attrsOf(k: KindDescriptor, obj: K8sObject): ResourceAttrs[] {
  const kind = SCOPED[k.kind];
  if (!kind) return [];
  return [
    {
      kind,
      id: obj.metadata.uid ?? '',
      name: obj.metadata.name,
      namespace: obj.metadata.namespace ?? null,
      labels: obj.metadata.labels ?? null,
    },
  ];
}

/** Whether the verb could be allowed on some object of the kind (else refused before loading). */
export function kindRefusal(principal: Principal, k: KindDescriptor, verb: string) {
  const object = k.policyObject as PolicyObject;
  const action = policyVerb(verb);
  const kind = SCOPED[k.kind];
  const reachable = kind
    ? mayReachSome(principal, object, action, [kind])
    : can(principal, object, action);
  return reachable ? undefined : denial(principal, object, action);
}

/** Whether the principal may see this object (lists and watches leave the others out). */
export function visible(principal: Principal, k: KindDescriptor, obj: K8sObject): boolean {
  return can(principal, k.policyObject as PolicyObject, 'read', attrsOf(k, obj));
}

/** The reason to refuse `verb` on this object as it is (get, update, delete) or will be. */
export function objectRefusal(
  principal: Principal,
  k: KindDescriptor,
  verb: string,
  obj: K8sObject,
): string | undefined {
  const object = k.policyObject as PolicyObject;
  const action = policyVerb(verb);
  const resources = attrsOf(k, obj);
  if (!can(principal, object, action, resources))
    return denial(principal, object, action, resources);
  if (action === 'read') return undefined;
  // Removing a script runs nothing; creating or changing one needs the scripts grant.
  if (action !== 'delete' && runsScripts(obj.spec) && !can(principal, 'scripts', 'write'))
    return scriptsDenied(principal);
  if (k.kind === 'Permission') {
    const rule = permissionRuleOf(obj.spec);
    if (rule && !holdsRule(principal, rule))
      return 'permission denied: a Permission may only grant or deny what you hold yourself';
  }
  return undefined;
}
