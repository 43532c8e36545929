import { describe, expect, it } from 'vitest';
import { denial, explain, rowDenial, ruleName, type PermissionRule } from './policy.js';
import type { ResourceAttrs } from './scope.js';

const prodRuns: PermissionRule = {
  id: 'p-deny',
  name: 'no-prod-runs',
  description: 'Nobody runs playbooks on prod',
  action: 'playbook:run',
  deny: true,
  scope: { config: [{ tagSelector: 'env=prod' }] },
};
const runAll: PermissionRule = {
  id: 'p-allow',
  description: 'Vic runs playbooks',
  action: 'playbook:run',
  deny: false,
  object: 'playbooks',
};
const prod: ResourceAttrs = { kind: 'config', id: 'c1', name: 'checkout', tags: { env: 'prod' } };
const dev: ResourceAttrs = { kind: 'config', id: 'c2', name: 'checkout', tags: { env: 'dev' } };

describe('naming a Permission', () => {
  it('prefers the resource name, then the description, then the id', () => {
    expect(ruleName(prodRuns)).toBe("'no-prod-runs'");
    expect(ruleName(runAll)).toBe("'Vic runs playbooks'");
    expect(ruleName({ id: 'p3', action: 'read', deny: false })).toBe('p3');
  });

  it('names the Permission in a 403 reason', () => {
    expect(denial({ roles: ['editor'], rules: [prodRuns] }, 'database', 'run', [prod])).toBe(
      "permission denied: run on database is denied by Permission 'no-prod-runs'",
    );
  });
});

describe('explain', () => {
  it('says a role granted it when no Permission speaks', () => {
    const e = explain(['editor'], 'canaries', 'write');
    expect(e).toMatchObject({ allowed: true, decidedBy: 'roles', grantingRoles: ['editor'] });
    expect(e.reason).toBe('write on canaries is granted by role editor');
  });

  it('says the roles refused it when nothing grants it', () => {
    const e = explain({ roles: ['viewer'] }, 'properties', 'write');
    expect(e).toMatchObject({ allowed: false, decidedBy: 'roles', matching: [] });
    expect(e.reason).toBe(
      'write on properties is not granted to roles viewer, and no Permission grants it',
    );
  });

  it('names the allowing Permission, and that the roles alone would refuse', () => {
    const e = explain({ roles: ['viewer'], rules: [runAll] }, 'playbooks', 'run');
    expect(e).toMatchObject({ allowed: true, decidedBy: 'permission', rule: runAll });
    expect(e.reason).toBe(
      "run on playbooks is granted by Permission 'Vic runs playbooks' (roles viewer alone would not grant it)",
    );
  });

  it('lets a deny win over an allow and the roles, and says so', () => {
    const subject = { roles: ['editor'], rules: [runAll, prodRuns] };
    const onProd = explain(subject, 'database', 'run', [prod]);
    expect(onProd).toMatchObject({ allowed: false, decidedBy: 'permission', rule: prodRuns });
    expect(onProd.reason).toBe(
      "run on database is denied by Permission 'no-prod-runs' (a deny wins over role editor)",
    );
    const both = explain(
      {
        roles: ['viewer'],
        rules: [prodRuns, { ...runAll, scope: { config: [{ id: 'c1' }] }, object: null }],
      },
      'database',
      'run',
      [prod],
    );
    expect(both.matching.map((r) => r.deny)).toEqual([true, false]);
    expect(both.reason).toBe(
      "run on database is denied by Permission 'no-prod-runs' (a deny wins over the allow of Permission 'Vic runs playbooks')",
    );
    expect(explain(subject, 'database', 'run', [dev])).toMatchObject({
      allowed: true,
      decidedBy: 'roles',
    });
  });
});

describe('rowDenial: refusals of some rows of a list or write', () => {
  it('names the deny Permissions that keep rows out', () => {
    const subject = {
      roles: ['editor'],
      rules: [{ ...prodRuns, action: 'update' }],
    };
    expect(rowDenial(subject, 'database', 'update', ['config'])).toBe(
      "permission denied: update on database is denied for some of these rows by Permission 'no-prod-runs'",
    );
  });

  it('names the allows that reach only other rows when the roles grant nothing', () => {
    const subject = {
      roles: ['viewer'],
      rules: [
        { id: 'p9', action: 'update', deny: false, scope: { canary: [{ namespace: 'dev' }] } },
      ],
    };
    expect(rowDenial(subject, 'canaries', 'update', ['canary'])).toBe(
      'permission denied: update on canaries is not granted to roles viewer, and Permission p9 grants it only on other rows',
    );
  });

  it('falls back to the global reason when no row is reachable', () => {
    expect(rowDenial({ roles: ['viewer'] }, 'canaries', 'update', ['canary'])).toBe(
      denial({ roles: ['viewer'] }, 'canaries', 'update'),
    );
  });
});
