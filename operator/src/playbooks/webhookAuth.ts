import crypto from 'node:crypto';
import { durationMs, type PlaybookSpecView } from './spec.js';

/**
 * Authentication of playbook webhooks (crds.md §4.2): `basic`, `github` (X-Hub-Signature-256),
 * `svix` (svix-id / svix-timestamp / svix-signature) and `jwt` (a bearer token checked against
 * a JWKS). Comparisons are constant-time. The answer is the reason a request is refused, or
 * undefined when it may start the run.
 */

type Auth = NonNullable<NonNullable<PlaybookSpecView['on']>['webhook']>['authentication'];

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const header = (req: WebhookRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

function same(a: string | Buffer, b: string | Buffer): boolean {
  const x = Buffer.isBuffer(a) ? a : Buffer.from(a);
  const y = Buffer.isBuffer(b) ? b : Buffer.from(b);
  // Hashing first makes the comparison constant-time whatever the lengths.
  const hx = crypto.createHash('sha256').update(x).digest();
  const hy = crypto.createHash('sha256').update(y).digest();
  return crypto.timingSafeEqual(hx, hy) && x.length === y.length;
}

export type JwksFetcher = (uri: string) => Promise<{ keys: crypto.JsonWebKey[] }>;

export async function webhookRefusal(
  auth: Auth,
  req: WebhookRequest,
  fetchJwks: JwksFetcher,
  now = Date.now(),
): Promise<string | undefined> {
  if (!auth) return undefined;
  if (auth.basic) {
    const m = /^Basic\s+(.+)$/i.exec(header(req, 'authorization') ?? '');
    if (!m) return 'this webhook needs basic authentication';
    const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? decoded : decoded.slice(0, colon);
    const pass = colon < 0 ? '' : decoded.slice(colon + 1);
    // Both compared, always, so timing does not tell which one was wrong.
    const ok = [same(user, auth.basic.username ?? ''), same(pass, auth.basic.password ?? '')];
    if (!ok.every(Boolean)) return 'wrong username or password';
  }
  if (auth.github) {
    const given = header(req, 'x-hub-signature-256') ?? '';
    const want = `sha256=${crypto
      .createHmac('sha256', auth.github.token ?? '')
      .update(req.body)
      .digest('hex')}`;
    if (!given) return 'missing X-Hub-Signature-256';
    if (!same(given, want)) return 'X-Hub-Signature-256 does not match the body';
  }
  if (auth.svix) {
    const reason = svixRefusal(auth.svix, req, now);
    if (reason) return reason;
  }
  if (auth.jwt) {
    const reason = await jwtRefusal(auth.jwt.jwksUri, req, fetchJwks, now);
    if (reason) return reason;
  }
  return undefined;
}

function svixRefusal(
  svix: { secret: string; verifyTimestamp?: string },
  req: WebhookRequest,
  now: number,
): string | undefined {
  const id = header(req, 'svix-id');
  const timestamp = header(req, 'svix-timestamp');
  const signatures = header(req, 'svix-signature');
  if (!id || !timestamp || !signatures) return 'missing svix-id, svix-timestamp or svix-signature';
  if (svix.verifyTimestamp) {
    const tolerance = durationMs(svix.verifyTimestamp) ?? 5 * 60_000;
    const sent = Number(timestamp) * 1000;
    if (!Number.isFinite(sent) || Math.abs(now - sent) > tolerance)
      return `svix-timestamp is more than ${svix.verifyTimestamp} away from now`;
  }
  const secret = Buffer.from((svix.secret ?? '').replace(/^whsec_/, ''), 'base64');
  const want = crypto
    .createHmac('sha256', secret)
    .update(`${id}.${timestamp}.`)
    .update(req.body)
    .digest('base64');
  const given = signatures
    .split(' ')
    .map((s) => s.split(',', 2))
    .filter(([version]) => version === 'v1')
    .map(([, sig]) => sig ?? '');
  return given.some((sig) => same(sig, want))
    ? undefined
    : 'svix-signature does not match the body';
}

const b64url = (s: string) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

const ALGORITHMS: Record<string, { hash: string; ec?: boolean; pss?: boolean }> = {
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
  PS256: { hash: 'sha256', pss: true },
  ES256: { hash: 'sha256', ec: true },
  ES384: { hash: 'sha384', ec: true },
};

async function jwtRefusal(
  jwksUri: string,
  req: WebhookRequest,
  fetchJwks: JwksFetcher,
  now: number,
): Promise<string | undefined> {
  const m = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '');
  if (!m) return 'this webhook needs a bearer token';
  const parts = (m[1] as string).split('.');
  if (parts.length !== 3) return 'the bearer token is not a JWT';
  let head: { alg?: string; kid?: string };
  let claims: { exp?: number; nbf?: number };
  try {
    head = JSON.parse(b64url(parts[0] as string).toString('utf8')) as typeof head;
    claims = JSON.parse(b64url(parts[1] as string).toString('utf8')) as typeof claims;
  } catch {
    return 'the bearer token is not a JWT';
  }
  const alg = ALGORITHMS[head.alg ?? ''];
  if (!alg)
    return `JWT algorithm ${String(head.alg)} is not accepted (RS256, RS384, RS512, PS256, ES256, ES384)`;
  let keys: crypto.JsonWebKey[];
  try {
    keys = (await fetchJwks(jwksUri)).keys ?? [];
  } catch (error) {
    return `the JWKS at ${jwksUri} cannot be read: ${(error as Error).message}`;
  }
  const candidates = keys.filter((k) => !head.kid || (k as { kid?: string }).kid === head.kid);
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  const signature = b64url(parts[2] as string);
  const valid = candidates.some((jwk) => {
    try {
      const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
      return crypto.verify(
        alg.hash,
        signed,
        {
          key,
          ...(alg.ec ? { dsaEncoding: 'ieee-p1363' as const } : {}),
          ...(alg.pss ? { padding: crypto.constants.RSA_PKCS1_PSS_PADDING } : {}),
        },
        signature,
      );
    } catch {
      return false;
    }
  });
  if (!valid) return 'the bearer token is not signed by a key of the JWKS';
  const seconds = now / 1000;
  if (typeof claims.exp === 'number' && seconds > claims.exp) return 'the bearer token has expired';
  if (typeof claims.nbf === 'number' && seconds < claims.nbf)
    return 'the bearer token is not valid yet';
  return undefined;
}

/** Fetches a JWKS (cached for five minutes). */
export function jwksFetcher(): JwksFetcher {
  const cache = new Map<string, { at: number; value: Promise<{ keys: crypto.JsonWebKey[] }> }>();
  return (uri) => {
    const hit = cache.get(uri);
    if (hit && Date.now() - hit.at < 5 * 60_000) return hit.value;
    const value = fetch(uri, { signal: AbortSignal.timeout(10_000) }).then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as { keys: crypto.JsonWebKey[] };
    });
    value.catch(() => cache.delete(uri));
    cache.set(uri, { at: Date.now(), value });
    return value;
  };
}
