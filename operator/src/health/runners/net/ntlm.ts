import crypto from 'node:crypto';
import { md4 } from './md4.js';

/**
 * The client side of NTLM over HTTP (MS-NLMP): a NEGOTIATE message, the server's CHALLENGE, and
 * the AUTHENTICATE message with NTLMv1 (or the NTLM2 session response when the server asks for
 * extended session security) or NTLMv2 responses. No signing or sealing: HTTP needs none.
 */

const SIGNATURE = Buffer.from('NTLMSSP\0', 'latin1');

export const Flags = {
  UNICODE: 0x00000001,
  OEM: 0x00000002,
  REQUEST_TARGET: 0x00000004,
  NTLM: 0x00000200,
  ALWAYS_SIGN: 0x00008000,
  EXTENDED_SESSIONSECURITY: 0x00080000,
  TARGET_INFO: 0x00800000,
} as const;

const NEGOTIATE_FLAGS =
  Flags.UNICODE |
  Flags.OEM |
  Flags.REQUEST_TARGET |
  Flags.NTLM |
  Flags.ALWAYS_SIGN |
  Flags.EXTENDED_SESSIONSECURITY;

/** MsvAvTimestamp in the target information (AV pairs). */
const AV_TIMESTAMP = 7;
/** 100 ns intervals between 1601-01-01 and 1970-01-01. */
const FILETIME_EPOCH = 116444736000000000n;

export interface NtlmChallenge {
  flags: number;
  serverChallenge: Buffer;
  targetInfo: Buffer;
}

export interface NtlmCredentials {
  username: string;
  password: string;
  domain: string;
  workstation?: string;
}

/** `DOMAIN\user` or `user@domain`; a bare name has no domain. */
export function splitDomain(username: string): { username: string; domain: string } {
  const slash = username.indexOf('\\');
  if (slash >= 0) return { domain: username.slice(0, slash), username: username.slice(slash + 1) };
  const at = username.lastIndexOf('@');
  if (at > 0) return { username: username.slice(0, at), domain: username.slice(at + 1) };
  return { username, domain: '' };
}

export function negotiateMessage(): Buffer {
  const msg = Buffer.alloc(32);
  SIGNATURE.copy(msg, 0);
  msg.writeUInt32LE(1, 8);
  msg.writeUInt32LE(NEGOTIATE_FLAGS >>> 0, 12);
  // Domain and workstation security buffers stay empty (offset 32, length 0).
  msg.writeUInt32LE(32, 20);
  msg.writeUInt32LE(32, 28);
  return msg;
}

export function parseChallengeMessage(msg: Buffer): NtlmChallenge {
  if (msg.length < 32 || !msg.subarray(0, 8).equals(SIGNATURE) || msg.readUInt32LE(8) !== 2) {
    throw new Error('the server sent a malformed NTLM challenge');
  }
  const flags = msg.readUInt32LE(20);
  const serverChallenge = Buffer.from(msg.subarray(24, 32));
  let targetInfo = Buffer.alloc(0);
  if (msg.length >= 48) {
    const len = msg.readUInt16LE(40);
    const off = msg.readUInt32LE(44);
    if (len > 0 && off + len <= msg.length) targetInfo = Buffer.from(msg.subarray(off, off + len));
  }
  return { flags, serverChallenge, targetInfo };
}

const utf16 = (s: string): Buffer => Buffer.from(s, 'utf16le');
const hmacMd5 = (key: Buffer, ...data: Buffer[]): Buffer => {
  const h = crypto.createHmac('md5', key);
  for (const d of data) h.update(d);
  return h.digest();
};

/** NTOWFv1: MD4 of the UTF-16LE password. */
export const ntHash = (password: string): Buffer => md4(utf16(password));

/** NTOWFv2 = HMAC-MD5(NT hash, UTF-16LE(upper(user) + domain)). */
export const ntowfV2 = (c: NtlmCredentials): Buffer =>
  hmacMd5(ntHash(c.password), utf16(c.username.toUpperCase() + c.domain));

/** 7 key bytes spread over 8 (the low bit of each is the unused parity bit). */
function desKey(k7: Buffer): Buffer {
  const k = Buffer.alloc(8);
  let acc = 0n;
  for (const byte of k7) acc = (acc << 8n) | BigInt(byte);
  for (let i = 0; i < 8; i++) k[i] = Number((acc >> BigInt(49 - 7 * i)) & 0x7fn) << 1;
  return k;
}

/**
 * Single DES, as triple DES with the same key three times: OpenSSL 3 moved plain DES into the
 * legacy provider, 3DES is still in the default one.
 */
function des(k7: Buffer, data: Buffer): Buffer {
  const k = desKey(k7);
  const cipher = crypto.createCipheriv('des-ede3-ecb', Buffer.concat([k, k, k]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** DESL: the 16-byte key padded to 21 bytes, three DES blocks over the 8-byte challenge. */
function desl(key16: Buffer, data: Buffer): Buffer {
  const k = Buffer.concat([key16, Buffer.alloc(5)]);
  return Buffer.concat([
    des(k.subarray(0, 7), data),
    des(k.subarray(7, 14), data),
    des(k.subarray(14, 21), data),
  ]);
}

/** LMOWFv1, or undefined when the password is too long for LM (over 14 OEM characters). */
function lmHash(password: string): Buffer | undefined {
  const oem = Buffer.from(password.toUpperCase(), 'latin1');
  if (oem.length > 14) return undefined;
  const k = Buffer.concat([oem, Buffer.alloc(14 - oem.length)]);
  const magic = Buffer.from('KGS!@#$%', 'latin1');
  return Buffer.concat([des(k.subarray(0, 7), magic), des(k.subarray(7, 14), magic)]);
}

export interface Responses {
  lm: Buffer;
  nt: Buffer;
}

/** NTLMv1 responses; the NTLM2 session response when extended session security is on. */
export function v1Responses(
  c: NtlmCredentials,
  ch: NtlmChallenge,
  clientChallenge: Buffer,
): Responses {
  const nt = ntHash(c.password);
  if (ch.flags & Flags.EXTENDED_SESSIONSECURITY) {
    const digest = crypto
      .createHash('md5')
      .update(Buffer.concat([ch.serverChallenge, clientChallenge]))
      .digest();
    return {
      lm: Buffer.concat([clientChallenge, Buffer.alloc(16)]),
      nt: desl(nt, digest.subarray(0, 8)),
    };
  }
  const ntResponse = desl(nt, ch.serverChallenge);
  const lm = lmHash(c.password);
  return { nt: ntResponse, lm: lm ? desl(lm, ch.serverChallenge) : ntResponse };
}

function avTimestamp(targetInfo: Buffer): Buffer | undefined {
  for (let off = 0; off + 4 <= targetInfo.length;) {
    const id = targetInfo.readUInt16LE(off);
    const len = targetInfo.readUInt16LE(off + 2);
    if (id === 0) return undefined;
    if (id === AV_TIMESTAMP && len === 8)
      return Buffer.from(targetInfo.subarray(off + 4, off + 12));
    off += 4 + len;
  }
  return undefined;
}

function fileTimeNow(): Buffer {
  const t = Buffer.alloc(8);
  t.writeBigUInt64LE(BigInt(Date.now()) * 10000n + FILETIME_EPOCH);
  return t;
}

/** NTLMv2: NTProofStr + the client blob, and LMv2 (zeros when the server sent a timestamp). */
export function v2Responses(
  c: NtlmCredentials,
  ch: NtlmChallenge,
  clientChallenge: Buffer,
  timestamp?: Buffer,
): Responses {
  const key = ntowfV2(c);
  const serverTime = avTimestamp(ch.targetInfo);
  const blob = Buffer.concat([
    Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]),
    timestamp ?? serverTime ?? fileTimeNow(),
    clientChallenge,
    Buffer.alloc(4),
    ch.targetInfo,
    Buffer.alloc(4),
  ]);
  const proof = hmacMd5(key, ch.serverChallenge, blob);
  const lm = serverTime
    ? Buffer.alloc(24)
    : Buffer.concat([hmacMd5(key, ch.serverChallenge, clientChallenge), clientChallenge]);
  return { lm, nt: Buffer.concat([proof, blob]) };
}

/** The AUTHENTICATE message for a challenge. */
export function authenticateMessage(
  c: NtlmCredentials,
  ch: NtlmChallenge,
  version: 1 | 2,
  clientChallenge: Buffer = crypto.randomBytes(8),
): Buffer {
  const r =
    version === 2 ? v2Responses(c, ch, clientChallenge) : v1Responses(c, ch, clientChallenge);
  const unicode = (ch.flags & Flags.UNICODE) !== 0;
  const text = (s: string): Buffer => (unicode ? utf16(s) : Buffer.from(s, 'latin1'));
  const fields = [
    r.lm,
    r.nt,
    text(c.domain),
    text(c.username),
    text(c.workstation ?? ''),
    Buffer.alloc(0),
  ];
  const header = Buffer.alloc(64);
  SIGNATURE.copy(header, 0);
  header.writeUInt32LE(3, 8);
  let offset = header.length;
  fields.forEach((f, i) => {
    const at = 12 + i * 8;
    header.writeUInt16LE(f.length, at);
    header.writeUInt16LE(f.length, at + 2);
    header.writeUInt32LE(offset, at + 4);
    offset += f.length;
  });
  const flags = (ch.flags & NEGOTIATE_FLAGS) | (unicode ? Flags.UNICODE : Flags.OEM) | Flags.NTLM;
  header.writeUInt32LE(flags >>> 0, 60);
  return Buffer.concat([header, ...fields]);
}
