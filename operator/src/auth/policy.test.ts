import { describe, expect, it } from 'vitest';
import {
  can,
  denial,
  effectiveRoles,
  grants,
  heldPatterns,
  heldRoles,
  holdsRole,
  holdsRule,
  mayActOnSome,
  mayReachSome,
  OBJECTS,
  ROLES,
  rowScope,
  verbsOf,
  type PolicyObject,
  type Role,
} from './policy.js';
import type { ResourceAttrs } from './scope.js';

/**
 * The role matrix, written out by hand from the product's access rules rather than computed from
 * the policy module, so that a wrong rule in policy.ts fails here:
 * - admin: everything;
 * - editor: reads everything; writes everything but access itself (people, identities, roles,
 *   Permissions), feature flags, scripts on the server and the event queue — so CRUD on canaries, catalog,
 *   topology, playbooks, notifications and connections;
 * - commander, responder: read everything but rbac, identities and connections; write
 *   incidents, evidence, comments and responders;
 * - viewer: reads what commanders read; writes nothing.
 */
const ALL: readonly Role[] = ROLES;
const EVERYONE_BUT_CONFIDENTIAL = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
const expected: Record<PolicyObject, { read: readonly Role[]; write: readonly Role[] }> = {
  database: { read: ALL, write: ['admin', 'editor'] },
  rbac: { read: ['admin', 'editor'], write: ['admin'] },
  auth: { read: ALL, write: ['admin'] },
  responder: { read: ALL, write: ['admin', 'editor', 'commander', 'responder'] },
  incident: { read: ALL, write: ['admin', 'editor', 'commander', 'responder'] },
  evidences: { read: ALL, write: ['admin', 'editor', 'commander', 'responder'] },
  comments: { read: ALL, write: ['admin', 'editor', 'commander', 'responder'] },
  canaries: { read: ALL, write: ['admin', 'editor'] },
  topologies: { read: ALL, write: ['admin', 'editor'] },
  config_scrapers: { read: ALL, write: ['admin', 'editor'] },
  identities: { read: ['admin', 'editor'], write: ['admin'] },
  connections: { read: ['admin', 'editor'], write: ['admin', 'editor'] },
  kratos: { read: ALL, write: ['admin'] },
  agents: { read: ALL, write: ['admin', 'editor'] },
  properties: { read: EVERYONE_BUT_CONFIDENTIAL, write: ['admin'] },
  logging_backends: { read: ALL, write: ['admin', 'editor'] },
  integrations: { read: ALL, write: ['admin', 'editor'] },
  notifications: { read: ALL, write: ['admin', 'editor'] },
  playbooks: { read: ALL, write: ['admin', 'editor'] },
  playbook_runs: { read: ALL, write: ['admin', 'editor'] },
  permissions: { read: ALL, write: ['admin'] },
  scripts: { read: ALL, write: ['admin'] },
  event_queue: { read: ALL, write: ['admin'] },
  agent_push: { read: ALL, write: ['admin'] },
};

describe("an agent's machine user", () => {
  it('creates and updates pushed rows, and can do nothing else, not even read', () => {
    expect(effectiveRoles(['agent'])).toEqual(['agent']);
    // A role given on top (by mistake or by an attacker) adds nothing.
    expect(effectiveRoles(['agent', 'admin'])).toEqual(['agent']);
    expect(can(['agent'], 'agent_push', 'create')).toBe(true);
    expect(can(['agent'], 'agent_push', 'update')).toBe(true);
    expect(can(['agent'], 'agent_push', 'delete')).toBe(false);
    for (const object of OBJECTS.filter((o) => o !== 'agent_push')) {
      for (const verb of ['read', 'write', 'run'] as const)
        expect(can(['agent'], object, verb)).toBe(false);
    }
  });
});

describe('the role matrix', () => {
  const cases = OBJECTS.flatMap((object) =>
    ROLES.flatMap((role) =>
      (['read', 'write'] as const).map((action) => ({
        role,
        object,
        action,
        allowed: expected[object][action].includes(role),
      })),
    ),
  );
  it.each(cases)('$role $action $object -> $allowed', ({ role, object, action, allowed }) => {
    expect(can([role], object, action)).toBe(allowed);
  });

  it('lets every role but viewer run checks, and nobody but admin run what only admins write', () => {
    expect(ROLES.filter((r) => can([r], 'canaries', 'run'))).toEqual([
      'admin',
      'editor',
      'commander',
      'responder',
    ]);
    expect(ROLES.filter((r) => can([r], 'rbac', 'run'))).toEqual(['admin']);
  });

  it('treats no roles (or only unknown ones) as viewer', () => {
    expect(effectiveRoles([])).toEqual(['viewer']);
    expect(effectiveRoles(['superuser'])).toEqual(['viewer']);
    expect(can([], 'incident', 'write')).toBe(false);
    expect(can([], 'incident', 'read')).toBe(true);
  });

  it('gives the union of several roles', () => {
    expect(can(['viewer', 'responder'], 'incident', 'write')).toBe(true);
    expect(can(['responder', 'editor'], 'canaries', 'write')).toBe(true);
  });

  it('lists grants for whoami', () => {
    const viewer = grants(['viewer']);
    expect(viewer.every((g) => g.action === 'read')).toBe(true);
    expect(viewer.some((g) => g.object === 'connections')).toBe(false);
    expect(grants(['admin'])).toHaveLength(OBJECTS.length * 5);
  });
});

describe('Permission objects', () => {
  it('lets a deny override an editor role', () => {
    const editor = { roles: ['editor'], rules: [{ action: '*', deny: true, object: 'canaries' }] };
    expect(can(editor, 'canaries', 'write')).toBe(false);
    expect(can(editor, 'canaries', 'read')).toBe(false);
    expect(can(editor, 'topologies', 'write')).toBe(true);
  });

  it('lets an allow extend a viewer, per action', () => {
    const viewer = {
      roles: ['viewer'],
      rules: [{ action: 'create,update,delete', deny: false, object: 'incident' }],
    };
    expect(can(viewer, 'incident', 'write')).toBe(true);
    expect(can(viewer, 'comments', 'write')).toBe(true);
    expect(can(viewer, 'canaries', 'write')).toBe(false);
  });

  it('grants write only when create, update and delete all are, and denies it when any is', () => {
    const onlyUpdate = {
      roles: ['viewer'],
      rules: [{ action: 'update', deny: false, object: 'incident' }],
    };
    expect(can(onlyUpdate, 'incident', 'update')).toBe(true);
    expect(can(onlyUpdate, 'incident', 'write')).toBe(false);
    const noDelete = {
      roles: ['editor'],
      rules: [{ action: 'delete', deny: true, object: 'canaries' }],
    };
    expect(can(noDelete, 'canaries', 'write')).toBe(false);
    expect(can(noDelete, 'canaries', 'update')).toBe(true);
  });

  it('expands patterns and exclusions', () => {
    expect([...verbsOf('*,!delete')].sort()).toEqual(
      ['approve', 'cancel', 'create', 'read', 'run', 'update'].sort(),
    );
    expect([...verbsOf('playbook:*')].sort()).toEqual(['approve', 'cancel', 'run']);
    expect([...verbsOf('create,read,update,delete')].sort()).toEqual(
      ['create', 'delete', 'read', 'update'].sort(),
    );
  });

  it('does not let a run or approve Permission write the playbook', () => {
    const s = {
      roles: ['viewer'],
      rules: [{ action: 'run,approve', deny: false, object: 'playbooks' }],
    };
    expect(can(s, 'playbooks', 'run')).toBe(true);
    expect(can(s, 'playbooks', 'approve')).toBe(true);
    expect(can(s, 'playbooks', 'write')).toBe(false);
  });

  it('makes deny win over allow', () => {
    const s = {
      roles: ['viewer'],
      rules: [
        { action: 'create,read,update,delete', deny: false, object: 'playbooks' },
        { action: 'delete', deny: true, object: 'playbooks' },
      ],
    };
    expect(can(s, 'playbooks', 'write')).toBe(false);
    expect(can(s, 'playbooks', 'create')).toBe(true);
  });

  it('explains a refusal, naming the Permission', () => {
    expect(
      denial(
        {
          roles: ['editor'],
          rules: [{ id: 'p1', description: 'freeze', action: '*', deny: true, object: 'canaries' }],
        },
        'canaries',
        'write',
      ),
    ).toBe("permission denied: write on canaries is denied by Permission 'freeze'");
    expect(denial({ roles: [] }, 'incident', 'write')).toBe(
      'permission denied: write on incident is not granted to roles viewer',
    );
  });
});

describe('object-scoped Permissions', () => {
  const prodConfig: ResourceAttrs = {
    kind: 'config',
    id: '00000000-0000-0000-0000-000000000001',
    name: 'payments-db',
    namespace: 'prod',
    labels: { env: 'prod', team: 'pay' },
    tags: { cluster: 'eu-1' },
    type: 'Kubernetes::Pod',
  };
  const devConfig: ResourceAttrs = {
    ...prodConfig,
    id: '00000000-0000-0000-0000-000000000002',
    name: 'dev-db',
    namespace: 'dev',
    labels: { env: 'dev' },
  };

  it('applies an id selector to that resource only', () => {
    const s = {
      roles: ['editor'],
      rules: [{ action: 'read', deny: true, scope: { config: [{ id: prodConfig.id }] } }],
    };
    expect(can(s, 'database', 'read', [prodConfig])).toBe(false);
    expect(can(s, 'database', 'read', [devConfig])).toBe(true);
    expect(can(s, 'database', 'read')).toBe(true);
  });

  it.each([
    [{ name: 'payments-*' }, true],
    [{ name: 'pay' }, false],
    [{ namespace: 'prod' }, true],
    [{ labelSelector: 'env=prod,team in (pay, ops)' }, true],
    [{ labelSelector: 'env!=prod' }, false],
    [{ tagSelector: 'cluster=eu-1' }, true],
    [{ types: ['Kubernetes::Pod'] }, true],
    [{ name: 'payments-db', namespace: 'dev' }, false],
    [{}, false],
  ])('matches selector %j against a prod config: %s', (selector, matches) => {
    const s = {
      roles: ['viewer'],
      rules: [{ action: 'update', deny: false, scope: { config: [selector] } }],
    };
    expect(can(s, 'database', 'update', [prodConfig])).toBe(matches);
  });

  it('lets rules on a canary reach its checks', () => {
    const check: ResourceAttrs = { kind: 'check', id: 'c1', name: 'ping' };
    const canary: ResourceAttrs = { kind: 'canary', id: 'k1', name: 'prod-web', namespace: 'prod' };
    const s = {
      roles: ['viewer'],
      rules: [{ action: 'run', deny: false, scope: { canary: [{ namespace: 'prod' }] } }],
    };
    expect(can(s, 'canaries', 'run', [check, canary])).toBe(true);
    expect(can(s, 'canaries', 'run', [check, { ...canary, namespace: 'dev' }])).toBe(false);
  });

  it('applies a rule naming a playbook and configs only when both are in the request', () => {
    const playbook: ResourceAttrs = { kind: 'playbook', id: 'p1', name: 'restart' };
    const s = {
      roles: ['viewer'],
      rules: [
        {
          action: 'playbook:run',
          deny: false,
          scope: { playbook: [{ name: '*' }], config: [{ labelSelector: 'env=prod' }] },
        },
      ],
    };
    expect(can(s, 'playbooks', 'run', [playbook, prodConfig])).toBe(true);
    expect(can(s, 'playbooks', 'run', [playbook, devConfig])).toBe(false);
    expect(can(s, 'playbooks', 'run', [playbook])).toBe(false);
    // Such a rule lets the request past the first refusal (each run is then decided as above),
    // though no single kind's rows are reachable through it alone.
    const kinds = ['playbook', 'config'] as const;
    expect(mayReachSome(s, 'playbooks', 'run', kinds)).toBe(false);
    expect(mayActOnSome(s, 'playbooks', 'run', kinds)).toBe(true);
    expect(mayActOnSome(s, 'playbooks', 'approve', kinds)).toBe(false);
    expect(mayActOnSome({ roles: ['viewer'] }, 'playbooks', 'run', kinds)).toBe(false);
    const globalDeny = {
      ...s,
      rules: [...s.rules, { action: 'run', deny: true, object: 'playbooks' }],
    };
    expect(mayActOnSome(globalDeny, 'playbooks', 'run', kinds)).toBe(false);
  });

  it('computes row scopes: all minus denies, or only allows', () => {
    const denied = {
      roles: ['editor'],
      rules: [{ action: 'read', deny: true, scope: { config: [{ id: 'x' }] } }],
    };
    expect(rowScope(denied, 'database', 'read', 'config')).toMatchObject({
      all: true,
      allow: [],
      deny: [{ kind: 'config' }],
    });
    const allowed = {
      roles: ['responder'],
      rules: [{ action: 'read', deny: false, scope: { connection: [{ name: 'smtp' }] } }],
    };
    expect(rowScope(allowed, 'connections', 'read', 'connection')).toMatchObject({
      all: false,
      allow: [{ kind: 'connection' }],
    });
    expect(rowScope({ roles: ['responder'] }, 'connections', 'read', 'connection')).toBeUndefined();
    const globalDeny = {
      roles: ['editor'],
      rules: [{ action: 'read', deny: true, object: 'connection' }, ...allowed.rules],
    };
    expect(rowScope(globalDeny, 'connections', 'read', 'connection')).toBeUndefined();
  });
});

describe('bounded delegation: nobody grants more than they hold', () => {
  const editor = { roles: ['editor'] };
  const delegate = { roles: ['editor'], rules: [{ action: '*', deny: false, object: 'rbac' }] };

  it('holds a rule only when every verb on every object it names is held', () => {
    expect(holdsRule(editor, { action: '*', deny: false, object: 'canaries' })).toBe(true);
    expect(holdsRule(editor, { action: '*', deny: false, object: 'rbac' })).toBe(false);
    expect(holdsRule(editor, { action: 'read', deny: false, object: 'people' })).toBe(true);
    expect(holdsRule(editor, { action: 'update', deny: false, object: 'people' })).toBe(false);
    // Denying what you do not hold is lifting it for others later: also bounded.
    expect(holdsRule(editor, { action: '*', deny: true, object: 'rbac' })).toBe(false);
    expect(holdsRule(editor, { action: 'mcp:use', deny: false, object: 'canaries' })).toBe(false);
  });

  it('holds a role only when it holds every grant of that role', () => {
    expect(holdsRole(editor, 'viewer')).toBe(true);
    expect(holdsRole(editor, 'responder')).toBe(true);
    expect(holdsRole(editor, 'admin')).toBe(false);
    expect(holdsRole(delegate, 'admin')).toBe(false);
    expect(holdsRole({ roles: ['admin'] }, 'admin')).toBe(true);
    expect(heldRoles(editor)).toEqual(['editor', 'commander', 'responder', 'viewer']);
  });

  it('lists the patterns an actor holds per object name, or everything for admins', () => {
    expect(heldPatterns({ roles: ['admin'] })).toBe('everything');
    const held = heldPatterns(editor);
    expect(held).not.toBe('everything');
    if (held === 'everything') return;
    expect(held.canaries).toContain('*');
    expect(held.rbac).toEqual(['read']);
    expect(held.people).toEqual(['read']);
  });
});
