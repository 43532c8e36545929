import type pg from 'pg';
import { digest, newSecret } from './passwords.js';

export type LinkKind = 'invite' | 'recovery' | 'verification' | 'second_factor';

export const LINK_TTL_MS: Record<LinkKind, number> = {
  invite: 7 * 24 * 3600_000,
  recovery: 24 * 3600_000,
  verification: 24 * 3600_000,
  second_factor: 10 * 60_000,
};

/** A single-use secret for a link or a sign-in flow; only its digest is stored. */
export async function createLink(
  db: pg.Pool | pg.PoolClient,
  kind: LinkKind,
  opts: { personId?: string; data?: Record<string, unknown> } = {},
): Promise<string> {
  const token = newSecret('');
  await db.query(
    `INSERT INTO auth_tokens (token_hash, kind, person_id, data, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [digest(token), kind, opts.personId ?? null, opts.data ?? {}, LINK_TTL_MS[kind] / 1000],
  );
  return token;
}

export interface Link {
  personId: string | null;
  data: Record<string, unknown>;
}

/** The link's content while it is unused and unexpired, without using it. */
export async function peekLink(
  db: pg.Pool | pg.PoolClient,
  kind: LinkKind,
  token: string,
): Promise<Link | undefined> {
  const { rows } = await db.query<{ person_id: string | null; data: Record<string, unknown> }>(
    `SELECT person_id, data FROM auth_tokens WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()`,
    [digest(token), kind],
  );
  return rows[0] && { personId: rows[0].person_id, data: rows[0].data };
}

/** Uses the link once: a second use, or a use after expiry, finds nothing. */
export async function consumeLink(
  db: pg.Pool | pg.PoolClient,
  kind: LinkKind,
  token: string,
): Promise<Link | undefined> {
  const { rows } = await db.query<{ person_id: string | null; data: Record<string, unknown> }>(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING person_id, data`,
    [digest(token), kind],
  );
  return rows[0] && { personId: rows[0].person_id, data: rows[0].data };
}
