import { describe, expect, it } from 'vitest';
import { highestRole, roleChoices } from './roles';

describe('roles', () => {
  it('offers every role to a new user, most powerful first', () => {
    expect(roleChoices()).toEqual(['admin', 'editor', 'commander', 'responder', 'viewer']);
  });

  it("puts the user's highest role first", () => {
    expect(roleChoices(['viewer', 'editor'])).toEqual([
      'editor',
      'admin',
      'commander',
      'responder',
      'viewer',
    ]);
    expect(roleChoices(['viewer'])).toEqual([
      'viewer',
      'admin',
      'editor',
      'commander',
      'responder',
    ]);
    expect(roleChoices(['responder', 'viewer'])).toEqual([
      'responder',
      'admin',
      'editor',
      'commander',
      'viewer',
    ]);
  });

  it('ranks admin over editor over commander over responder over viewer', () => {
    expect(highestRole(['viewer', 'admin', 'editor'])).toBe('admin');
    expect(highestRole(['viewer', 'responder', 'commander'])).toBe('commander');
    expect(highestRole([])).toBeUndefined();
  });
});
