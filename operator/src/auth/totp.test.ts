import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateSecret,
  hotp,
  otpauthUrl,
  totp,
  verifyTotp,
} from './totp.js';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('totp', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches the RFC 6238 vector at %i s', (seconds, code) => {
    expect(totp(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    expect([0, 1, 2].map((c) => hotp(RFC_SECRET, c))).toEqual(['755224', '287082', '359152']);
  });

  it('accepts one step of drift and nothing more', () => {
    const secret = generateSecret();
    const now = 1_800_000_000_000;
    expect(verifyTotp(secret, totp(secret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, now + 30_000), now)).toBe(true);
    expect(verifyTotp(secret, totp(secret, now - 90_000), now)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });

  it('round-trips base32 and builds an otpauth URL', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(otpauthUrl('ABC', 'ada@x.io')).toBe(
      'otpauth://totp/Vigil%3Aada%40x.io?secret=ABC&issuer=Vigil&algorithm=SHA1&digits=6&period=30',
    );
  });
});
