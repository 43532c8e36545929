import { describe, expect, it } from 'vitest';
import { digest, hashPassword, newSecret, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
  });

  it('makes distinct secrets whose digests do not reveal them', () => {
    const a = newSecret('vgl_');
    expect(a).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/);
    expect(newSecret('vgl_')).not.toBe(a);
    expect(digest(a)).toHaveLength(64);
    expect(digest(a)).not.toContain(a);
  });
});
