import { describe, expect, it } from 'vitest';
import { can, effectiveRoles, grants } from './policy.js';

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
