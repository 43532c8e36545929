import { describe, expect, it } from 'vitest';
import { EMPTY_USER, validateUser } from './userForm';

describe('validateUser', () => {
  it('names every missing field with the spec texts', () => {
    expect(validateUser(EMPTY_USER)).toEqual({
      firstName: 'Please provide valid first name',
      lastName: 'Please provide valid last name',
      email: 'Please provide valid email',
      role: 'Please select any role',
    });
  });

  it('treats blanks as missing', () => {
    expect(validateUser({ ...EMPTY_USER, firstName: '  ', lastName: '\t' })).toMatchObject({
      firstName: 'Please provide valid first name',
      lastName: 'Please provide valid last name',
    });
  });

  it.each(['plain', 'a@b', 'a b@c.d', '@c.d'])('rejects the address %s', (email) => {
    expect(validateUser({ ...EMPTY_USER, email }).email).toBe(
      'Entered value does not match email format',
    );
  });

  it('accepts a complete user', () => {
    expect(
      validateUser({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        role: 'admin',
        active: true,
      }),
    ).toEqual({});
  });
});
