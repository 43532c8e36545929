import { describe, expect, it } from 'vitest';
import { can, denial, effectiveRoles, grants } from './policy.js';

describe('policy role matrix (spec 000 §6)', () => {
  it.each([
    // role, object, action, allowed
    ['admin', 'connections', 'write', true],
    ['admin', 'rbac', 'write', true],
    ['editor', 'canaries', 'write', true],
    ['editor', 'connections', 'write', false],
    ['editor', 'identities', 'write', false],
    ['editor', 'rbac', 'read', true],
    ['commander', 'incident', 'write', true],
    ['commander', 'canaries', 'write', false],
    ['commander', 'connections', 'read', false],
    ['responder', 'comments', 'write', true],
    ['responder', 'connections', 'write', false],
    ['responder', 'identities', 'read', false],
    ['viewer', 'canaries', 'read', true],
    ['viewer', 'incident', 'write', false],
    ['viewer', 'rbac', 'read', false],
  ] as const)('%s %s %s -> %s', (role, object, action, allowed) => {
    expect(can([role], object, action)).toBe(allowed);
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
    expect(grants(['admin'])).toHaveLength(42);
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
      rules: [{ action: 'update', deny: false, object: 'incident' }],
    };
    expect(can(viewer, 'incident', 'write')).toBe(true);
    expect(can(viewer, 'comments', 'write')).toBe(true);
    expect(can(viewer, 'canaries', 'write')).toBe(false);
  });

  it('makes deny win over allow', () => {
    const s = {
      roles: ['viewer'],
      rules: [
        { action: 'create,read,update,delete', deny: false, object: 'playbooks' },
        { action: 'run', deny: true, object: 'playbooks' },
      ],
    };
    expect(can(s, 'playbooks', 'write')).toBe(false);
    expect(can(s, 'playbooks', 'read')).toBe(true);
  });

  it('applies resource permissions only to that resource', () => {
    const s = {
      roles: ['viewer'],
      rules: [{ action: 'run', deny: false, resource: { kind: 'playbook' as const, id: 'p1' } }],
    };
    expect(can(s, 'playbooks', 'write', { kind: 'playbook', id: 'p1' })).toBe(true);
    expect(can(s, 'playbooks', 'write', { kind: 'playbook', id: 'p2' })).toBe(false);
    expect(can(s, 'playbooks', 'write')).toBe(false);
  });

  it('explains a refusal', () => {
    expect(
      denial(
        { roles: ['editor'], rules: [{ action: '*', deny: true, object: 'canaries' }] },
        'canaries',
        'write',
      ),
    ).toBe('permission denied: write on canaries is denied by a Permission');
    expect(denial({ roles: [] }, 'incident', 'write')).toBe(
      'permission denied: write on incident is not granted to roles viewer',
    );
  });
});
