import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { challengesFrom, digestAuthorization, parseChallenges, pickDigest } from './auth.js';

describe('WWW-Authenticate parsing', () => {
  it('parses several challenges, quoted values and token68', () => {
    const parsed = parseChallenges(
      'Negotiate, NTLM TlRMTVNTUAACAAAA==, Digest realm="a, \\"b\\"", qop="auth,auth-int", nonce=xyz, Basic realm="r"',
    );
    expect(parsed).toEqual([
      { scheme: 'Negotiate', params: {} },
      { scheme: 'NTLM', token68: 'TlRMTVNTUAACAAAA==', params: {} },
      { scheme: 'Digest', params: { realm: 'a, "b"', qop: 'auth,auth-int', nonce: 'xyz' } },
      { scheme: 'Basic', params: { realm: 'r' } },
    ]);
  });

  it('reads every WWW-Authenticate line of raw headers', () => {
    const raw = [
      'Content-Type',
      'text/plain',
      'WWW-Authenticate',
      'NTLM',
      'www-authenticate',
      'Basic realm="x"',
    ];
    expect(challengesFrom(raw).map((c) => c.scheme)).toEqual(['NTLM', 'Basic']);
  });
});

describe('Digest', () => {
  it('prefers the strongest supported algorithm', () => {
    const cs = parseChallenges(
      'Digest realm="r", nonce="n", algorithm=MD5, Digest realm="r", nonce="n", algorithm=SHA-256, Digest realm="r", nonce="n", algorithm=UNKNOWN',
    );
    expect(pickDigest(cs)?.params.algorithm).toBe('SHA-256');
    expect(pickDigest(parseChallenges('Digest realm="r", algorithm=UNKNOWN'))).toBeUndefined();
  });

  it('computes the RFC 2617 example response (MD5, qop=auth)', () => {
    const [challenge] = parseChallenges(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    const header = digestAuthorization(
      challenge ?? { scheme: 'Digest', params: {} },
      { method: 'GET', uri: '/dir/index.html', username: 'Mufasa', password: 'Circle Of Life' },
      '0a4f113b',
    );
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('qop=auth, nc=00000001, cnonce="0a4f113b"');
    expect(header).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it('supports -sess and userhash', () => {
    const [challenge] = parseChallenges(
      'Digest realm="r", nonce="n", qop="auth", algorithm=SHA-256-sess, userhash=true',
    );
    const header = digestAuthorization(
      challenge ?? { scheme: 'Digest', params: {} },
      { method: 'GET', uri: '/', username: 'u', password: 'p' },
      'c',
    );
    const H = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
    const ha1 = H(`${H('u:r:p')}:n:c`);
    expect(header).toContain(`response="${H(`${ha1}:n:00000001:c:auth:${H('GET:/')}`)}"`);
    expect(header).toContain(`username="${H('u:r')}"`);
    expect(header).toContain('userhash=true');
  });
});
