import { describe, expect, it } from 'vitest';
import { highestRole, roleChoices } from './roles';

describe('roles', () => {
  it('offers admin, editor, viewer to a new user', () => {
    expect(roleChoices()).toEqual(['admin', 'editor', 'viewer']);
  });

  it("puts the user's highest role first", () => {
    expect(roleChoices(['viewer', 'editor'])).toEqual(['editor', 'admin', 'viewer']);
    expect(roleChoices(['viewer'])).toEqual(['viewer', 'admin', 'editor']);
    expect(roleChoices(['admin', 'viewer'])).toEqual(['admin', 'editor', 'viewer']);
  });

  it('keeps a role given elsewhere visible', () => {
    expect(roleChoices(['responder', 'viewer'])).toEqual([
      'responder',
      'admin',
      'editor',
      'viewer',
    ]);
  });

  it('ranks admin over editor over viewer', () => {
    expect(highestRole(['viewer', 'admin', 'editor'])).toBe('admin');
    expect(highestRole([])).toBeUndefined();
  });
});
