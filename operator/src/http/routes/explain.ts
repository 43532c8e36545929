import { Router } from 'express';
import type pg from 'pg';
import { loadResourceAttrs } from '../../auth/explain.js';
import { subjectOf, type Principal } from '../../auth/identity.js';
import {
  can,
  denial,
  explain,
  OBJECTS,
  RESOURCE_OBJECT,
  VERBS,
  type Action,
  type PermissionRule,
  type PolicyObject,
} from '../../auth/policy.js';
import { SCOPE_KINDS, type ResourceAttrs, type ScopeKind } from '../../auth/scope.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { UUID } from '../../ids.js';
import { requirePermission } from '../authn.js';

const ACTIONS: readonly Action[] = [...VERBS, 'write'];

function ruleView(rule: PermissionRule) {
  return {
    id: rule.id ?? null,
    name: rule.name ?? null,
    description: rule.description ?? null,
    action: rule.action,
    deny: rule.deny,
    object: rule.object ?? null,
    scope: rule.scope ?? null,
  };
}

/**
 * GET /api/rbac/explain (docs/operations.md): why a person may or may not do an action on an
 * object, optionally on resources (`config_id`, `component_id`, `canary_id`, `check_id`,
 * `playbook_id`, `connection_id`): the policy module's decision with the role or Permission that
 * decided it. Needs read on permissions; explaining someone else also needs read on rbac.
 */
export function explainRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get('/explain', requirePermission('permissions', 'read'), async (req, res) => {
    const principal = res.locals.principal as Principal;
    const q = req.query as Record<string, unknown>;
    const str = (key: string) => (typeof q[key] === 'string' ? (q[key] as string) : undefined);
    const personId = str('person_id') ?? principal.person.id;
    if (!UUID.test(personId)) throw badRequest('person_id must be a UUID');
    if (personId !== principal.person.id && !can(principal, 'rbac', 'read'))
      throw forbidden(`${denial(principal, 'rbac', 'read')} (explaining someone else's access)`);

    const resources: ResourceAttrs[] = [];
    const kinds: ScopeKind[] = [];
    for (const kind of SCOPE_KINDS) {
      const id = str(`${kind}_id`);
      if (!id) continue;
      if (!UUID.test(id)) throw badRequest(`${kind}_id must be a UUID`);
      const attrs = await loadResourceAttrs(pool, kind, id);
      if (!attrs) throw notFound(`${kind} ${id} not found`);
      resources.push(...attrs);
      kinds.push(kind);
    }
    // Without an object, the resource's own (a playbook's when one is given: running it).
    const fallback = kinds.includes('playbook')
      ? 'playbooks'
      : kinds[0] && RESOURCE_OBJECT[kinds[0]];
    const object = str('object') || fallback;
    if (!object || !(OBJECTS as readonly string[]).includes(object))
      throw badRequest(`object must be one of ${OBJECTS.join(', ')}`);
    const action = str('action') || 'read';
    if (!(ACTIONS as readonly string[]).includes(action))
      throw badRequest(`action must be one of ${ACTIONS.join(', ')}`);

    const [person, subject] = await Promise.all([
      pool.query<{ id: string; name: string; email: string | null }>(
        'SELECT id, name, email FROM people WHERE id = $1 AND deleted_at IS NULL',
        [personId],
      ),
      subjectOf(pool, personId),
    ]);
    if (!person.rows[0] || !subject) throw notFound(`person ${personId} not found`);
    const e = explain(subject, object as PolicyObject, action as Action, resources);
    res.json({
      person: person.rows[0],
      object,
      action,
      resources,
      allowed: e.allowed,
      decidedBy: e.decidedBy,
      rule: e.rule ? ruleView(e.rule) : null,
      matching: e.matching.map(ruleView),
      roles: e.roles,
      grantingRoles: e.grantingRoles,
      reason: e.reason,
      // What a refused request would answer (403).
      denial: e.allowed
        ? null
        : denial(subject, object as PolicyObject, action as Action, resources),
    });
  });

  return router;
}
