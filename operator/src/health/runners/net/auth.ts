import crypto from 'node:crypto';

/** One challenge of a WWW-Authenticate header (RFC 9110 §11.6.1). */
export interface Challenge {
  scheme: string;
  /** The token68 form, e.g. NTLM's base64 message. */
  token68?: string;
  /** auth-params, names lower-cased. */
  params: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*(?=[ \t]*(?:,|$))/;

/** Parses a WWW-Authenticate value, which may hold several challenges. */
export function parseChallenges(header: string): Challenge[] {
  const out: Challenge[] = [];
  let i = 0;
  const n = header.length;
  const spaces = (): void => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  const token = (): string => {
    const m = TOKEN.exec(header.slice(i));
    if (!m) return '';
    i += m[0].length;
    return m[0];
  };
  while (i < n) {
    while (i < n && /[\s,]/.test(header[i] ?? '')) i++;
    const scheme = token();
    if (!scheme) break;
    const challenge: Challenge = { scheme, params: {} };
    out.push(challenge);
    spaces();
    const t68 = TOKEN68.exec(header.slice(i));
    if (t68) {
      challenge.token68 = t68[0];
      i += t68[0].length;
      continue;
    }
    for (;;) {
      spaces();
      const save = i;
      const name = token();
      spaces();
      if (!name || header[i] !== '=') {
        i = save; // the next challenge's scheme
        break;
      }
      i++;
      spaces();
      let value = '';
      if (header[i] === '"') {
        i++;
        while (i < n && header[i] !== '"') {
          if (header[i] === '\\' && i + 1 < n) i++;
          value += header[i];
          i++;
        }
        i++;
      } else {
        const m = /^[^,\s]*/.exec(header.slice(i));
        value = m?.[0] ?? '';
        i += value.length;
      }
      challenge.params[name.toLowerCase()] = value;
      spaces();
      if (header[i] !== ',') break;
      i++;
    }
  }
  return out;
}

/** All challenges from a response's raw header list (each WWW-Authenticate line separately). */
export function challengesFrom(rawHeaders: string[]): Challenge[] {
  const out: Challenge[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === 'www-authenticate') {
      out.push(...parseChallenges(rawHeaders[i + 1] ?? ''));
    }
  }
  return out;
}

export const basicAuthorization = (username: string, password: string): string =>
  `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

/** Digest algorithms (RFC 7616) and their node:crypto hash, strongest first. */
const DIGEST_HASHES: Record<string, string> = {
  'SHA-512-256': 'sha512-256',
  'SHA-256': 'sha256',
  MD5: 'md5',
};

function digestAlgorithm(c: Challenge): { name: string; hash: string; sess: boolean } | undefined {
  const raw = (c.params.algorithm ?? 'MD5').toUpperCase();
  const sess = raw.endsWith('-SESS');
  const base = sess ? raw.slice(0, -5) : raw;
  const hash = DIGEST_HASHES[base];
  return hash ? { name: c.params.algorithm ?? 'MD5', hash, sess } : undefined;
}

/** The Digest challenge to answer: the strongest algorithm we support. */
export function pickDigest(challenges: Challenge[]): Challenge | undefined {
  const digests = challenges.filter((c) => c.scheme.toLowerCase() === 'digest');
  const rank = (c: Challenge): number => {
    const a = digestAlgorithm(c);
    return a ? Object.values(DIGEST_HASHES).indexOf(a.hash) : Infinity;
  };
  const best = digests.sort((a, b) => rank(a) - rank(b))[0];
  return best && rank(best) !== Infinity ? best : undefined;
}

const quote = (s: string): string => `"${s.replace(/["\\]/g, '\\$&')}"`;

/**
 * The Authorization header answering a Digest challenge (RFC 7616): qop=auth (or auth-int when
 * that is all the server offers; the RFC 2069 form when it offers no qop), MD5 / SHA-256 /
 * SHA-512-256 and their -sess variants, userhash.
 */
export function digestAuthorization(
  challenge: Challenge,
  req: { method: string; uri: string; username: string; password: string; body?: Buffer },
  cnonce: string = crypto.randomBytes(16).toString('hex'),
  nc = 1,
): string {
  const alg = digestAlgorithm(challenge);
  if (!alg) throw new Error(`unsupported digest algorithm ${challenge.params.algorithm ?? ''}`);
  const H = (s: string | Buffer): string => crypto.createHash(alg.hash).update(s).digest('hex');
  const realm = challenge.params.realm ?? '';
  const nonce = challenge.params.nonce ?? '';
  const offered = (challenge.params.qop ?? '')
    .split(',')
    .map((q) => q.trim().toLowerCase())
    .filter(Boolean);
  let qop: string | undefined;
  if (offered.includes('auth')) qop = 'auth';
  else if (offered.includes('auth-int')) qop = 'auth-int';
  else if (offered.length > 0) throw new Error(`unsupported digest qop ${offered.join(', ')}`);

  let ha1 = H(`${req.username}:${realm}:${req.password}`);
  if (alg.sess) ha1 = H(`${ha1}:${nonce}:${cnonce}`);
  const ha2 =
    qop === 'auth-int'
      ? H(`${req.method}:${req.uri}:${H(req.body ?? Buffer.alloc(0))}`)
      : H(`${req.method}:${req.uri}`);
  const ncHex = nc.toString(16).padStart(8, '0');
  const response = qop
    ? H(`${ha1}:${nonce}:${ncHex}:${cnonce}:${qop}:${ha2}`)
    : H(`${ha1}:${nonce}:${ha2}`);

  const userhash = challenge.params.userhash?.toLowerCase() === 'true';
  const parts = [
    `username=${quote(userhash ? H(`${req.username}:${realm}`) : req.username)}`,
    `realm=${quote(realm)}`,
    `nonce=${quote(nonce)}`,
    `uri=${quote(req.uri)}`,
    `algorithm=${alg.name}`,
    `response=${quote(response)}`,
  ];
  if (challenge.params.opaque !== undefined) parts.push(`opaque=${quote(challenge.params.opaque)}`);
  if (qop) parts.push(`qop=${qop}`, `nc=${ncHex}`, `cnonce=${quote(cnonce)}`);
  if (userhash) parts.push('userhash=true');
  return `Digest ${parts.join(', ')}`;
}
