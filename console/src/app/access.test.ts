import { describe, expect, it } from 'vitest';
import { hasGrant } from './access';

describe('hasGrant', () => {
  const viewer = {
    permissions: [
      { object: 'identities', action: 'read' },
      { object: 'permissions', action: 'write' },
    ] as const,
  };

  it('matches object and action exactly', () => {
    expect(hasGrant(viewer, 'identities', 'read')).toBe(true);
    expect(hasGrant(viewer, 'identities', 'write')).toBe(false);
    expect(hasGrant(viewer, 'permissions', 'write')).toBe(true);
    expect(hasGrant(viewer, 'connections', 'read')).toBe(false);
  });
});
