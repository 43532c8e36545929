import type { Profile } from './api';

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    totp: { enabled: false },
    recoveryCodesRemaining: 0,
    ...overrides,
  };
}

export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `code-${i + 1}`);
