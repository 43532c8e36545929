import { describe, expect, it } from 'vitest';
import { md4 } from './md4.js';
import {
  Flags,
  authenticateMessage,
  negotiateMessage,
  ntHash,
  ntowfV2,
  parseChallengeMessage,
  splitDomain,
  v1Responses,
  v2Responses,
} from './ntlm.js';

// Test vectors: RFC 1320 appendix A.5 (MD4) and MS-NLMP §4.2 (User / Domain / Password).
const hex = (b: Buffer): string => b.toString('hex');
const creds = { username: 'User', domain: 'Domain', password: 'Password' };
const serverChallenge = Buffer.from('0123456789abcdef', 'hex');
const clientChallenge = Buffer.alloc(8, 0xaa);
const targetInfo = Buffer.from(
  '02000c0044006f006d00610069006e0001000c0053006500720076006500720000000000',
  'hex',
);

describe('md4', () => {
  it.each([
    ['', '31d6cfe0d16ae931b73c59d7e0c089c0'],
    ['a', 'bde52cb31de33e46245e05fbdbd6fb24'],
    ['abc', 'a448017aaf21d8525fc10ae87aa6729d'],
    ['message digest', 'd9130a8164549fe818874806e1c7014b'],
    ['abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      'e33b4ddc9c38f2199c3e7b164fcc0536',
    ],
  ])('md4(%j)', (input, digest) => {
    expect(hex(md4(Buffer.from(input)))).toBe(digest);
  });
});

describe('NTLM (MS-NLMP §4.2 vectors)', () => {
  it('computes the NT hash and NTOWFv2', () => {
    expect(hex(ntHash('Password'))).toBe('a4f49c406510bdcab6824ee7c30fd852');
    expect(hex(ntowfV2(creds))).toBe('0c868a403bfd7a93a3001ef22ef02e3f');
  });

  it('computes NTLMv1 and LM responses', () => {
    const r = v1Responses(creds, { flags: 0, serverChallenge, targetInfo }, clientChallenge);
    expect(hex(r.nt)).toBe('67c43011f30298a2ad35ece64f16331c44bdbed927841f94');
    expect(hex(r.lm)).toBe('98def7b87f88aa5dafe2df779688a172def11c7d5ccdef13');
  });

  it('computes the NTLM2 session response with extended session security', () => {
    const ch = { flags: Flags.EXTENDED_SESSIONSECURITY, serverChallenge, targetInfo };
    const r = v1Responses(creds, ch, clientChallenge);
    expect(hex(r.nt)).toBe('7537f803ae367128ca458204bde7caf81e97ed2683267232');
    expect(hex(r.lm)).toBe(`${'aa'.repeat(8)}${'00'.repeat(16)}`);
  });

  it('computes NTLMv2 and LMv2 responses', () => {
    const ch = { flags: 0, serverChallenge, targetInfo };
    const r = v2Responses(creds, ch, clientChallenge, Buffer.alloc(8));
    expect(hex(r.nt.subarray(0, 16))).toBe('68cd0ab851e51c96aabc927bebef6a1c');
    expect(hex(r.nt.subarray(16))).toBe(
      `0101000000000000${'00'.repeat(8)}${'aa'.repeat(8)}00000000${hex(targetInfo)}00000000`,
    );
    expect(hex(r.lm)).toBe('86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa');
  });

  it('builds negotiate and authenticate messages and parses a challenge', () => {
    const negotiate = negotiateMessage();
    expect(negotiate.subarray(0, 8).toString('latin1')).toBe('NTLMSSP\0');
    expect(negotiate.readUInt32LE(8)).toBe(1);

    const challenge = Buffer.alloc(48 + targetInfo.length);
    challenge.write('NTLMSSP\0', 0, 'latin1');
    challenge.writeUInt32LE(2, 8);
    challenge.writeUInt32LE(Flags.UNICODE | Flags.NTLM, 20);
    serverChallenge.copy(challenge, 24);
    challenge.writeUInt16LE(targetInfo.length, 40);
    challenge.writeUInt32LE(48, 44);
    targetInfo.copy(challenge, 48);
    const parsed = parseChallengeMessage(challenge);
    expect(parsed.serverChallenge).toEqual(serverChallenge);
    expect(parsed.targetInfo).toEqual(targetInfo);
    expect(() => parseChallengeMessage(Buffer.from('nope'))).toThrow(/malformed/);

    const msg = authenticateMessage(creds, parsed, 2, clientChallenge);
    expect(msg.readUInt32LE(8)).toBe(3);
    const field = (at: number): Buffer =>
      msg.subarray(msg.readUInt32LE(at + 4), msg.readUInt32LE(at + 4) + msg.readUInt16LE(at));
    expect(field(28).toString('utf16le')).toBe('Domain');
    expect(field(36).toString('utf16le')).toBe('User');
    expect(field(20).length).toBeGreaterThan(24);
  });

  it.each([
    ['CORP\\bob', { domain: 'CORP', username: 'bob' }],
    ['bob@corp.example', { domain: 'corp.example', username: 'bob' }],
    ['bob', { domain: '', username: 'bob' }],
  ])('splits %j', (input, expected) => {
    expect(splitDomain(input)).toEqual(expected);
  });
});
