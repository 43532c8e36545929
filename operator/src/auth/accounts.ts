import crypto from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '../errors.js';
import { createLink, consumeLink, peekLink } from './links.js';
import { digest, hashPassword, verifyPassword } from './passwords.js';
import { ROLES, type Role } from './policy.js';
import { generateSecret, otpauthUrl, verifyTotp } from './totp.js';

/** Account lifecycle: invitations, registration, recovery, verification, profile and 2FA. */

export const MIN_PASSWORD = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const gone = () =>
  new HttpError(
    410,
    'self_service_flow_expired',
    'Your interaction expired, please fill out the form again.',
  );

export function checkPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD) {
    throw new HttpError(
      400,
      'invalid_password',
      `The password must be at least ${MIN_PASSWORD} characters long.`,
    );
  }
  if (password.length > 1024)
    throw new HttpError(
      400,
      'invalid_password',
      'The password must be at most 1024 characters long.',
    );
  return password;
}

export interface Names {
  firstName: string;
  lastName: string;
  email: string;
}

export function checkNames(input: Record<string, unknown>, partial = false): Partial<Names> {
  const out: Partial<Names> = {};
  const text = (key: keyof Names, message: string) => {
    const v = input[key];
    if (v === undefined && partial) return;
    if (typeof v !== 'string' || !v.trim()) throw new HttpError(400, 'bad_request', message);
    out[key] = v.trim();
  };
  text('firstName', 'Please provide valid first name');
  text('lastName', 'Please provide valid last name');
  text('email', 'Please provide valid email');
  if (out.email !== undefined && !EMAIL.test(out.email))
    throw new HttpError(400, 'bad_request', 'Entered value does not match email format');
  return out;
}

export function checkRole(role: unknown): Role {
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    throw new HttpError(400, 'bad_request', 'Please select any role');
  }
  return role as Role;
}

async function emailTaken(
  db: pg.Pool | pg.PoolClient,
  email: string,
  except?: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL AND ($2::uuid IS NULL OR id <> $2)',
    [email, except ?? null],
  );
  return !!rowCount;
}

/** Creates the invited person (no password yet) and a 7-day invitation link token. */
export async function invite(
  pool: pg.Pool,
  input: Names & { role: Role },
  invitedBy: string,
): Promise<string> {
  if (await emailTaken(pool, input.email))
    throw new HttpError(409, 'conflict', 'User already exists');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO people (name, email, properties) VALUES ($1, $2, $3) RETURNING id`,
      [
        `${input.firstName} ${input.lastName}`,
        input.email,
        { first_name: input.firstName, last_name: input.lastName, invited_by: invitedBy },
      ],
    );
    const id = rows[0]?.id as string;
    await client.query(
      `INSERT INTO credentials (person_id, password_hash, state) VALUES ($1, NULL, 'active')`,
      [id],
    );
    await client.query('INSERT INTO person_roles (person_id, role) VALUES ($1, $2)', [
      id,
      input.role,
    ]);
    const token = await createLink(client, 'invite', {
      personId: id,
      data: { email: input.email },
    });
    await client.query('COMMIT');
    return token;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export async function invitation(pool: pg.Pool, token: string): Promise<Names> {
  const link = await peekLink(pool, 'invite', token);
  if (!link?.personId) throw gone();
  const { rows } = await pool.query<{
    email: string;
    properties: Record<string, string> | null;
    name: string;
  }>('SELECT email, properties, name FROM people WHERE id = $1 AND deleted_at IS NULL', [
    link.personId,
  ]);
  const p = rows[0];
  if (!p) throw gone();
  return {
    email: p.email,
    firstName: p.properties?.first_name ?? p.name,
    lastName: p.properties?.last_name ?? '',
  };
}

/**
 * Registration: with an invitation, the invited account gets its password (and its e-mail is
 * verified by the link); without one, only when an admin enabled open registration.
 */
export async function register(
  pool: pg.Pool,
  input: { invite?: string; password: string } & Partial<Names>,
  openRegistration: boolean,
): Promise<string> {
  const password = checkPassword(input.password);
  if (input.invite) {
    const link = await consumeLink(pool, 'invite', input.invite);
    if (!link?.personId) throw gone();
    const names = checkNames(input as Record<string, unknown>, true);
    await pool.query(
      `UPDATE credentials SET password_hash = $2, email_verified_at = now() WHERE person_id = $1`,
      [link.personId, await hashPassword(password)],
    );
    if (names.firstName || names.lastName) {
      await pool.query(
        `UPDATE people SET name = $2, properties = coalesce(properties, '{}') || $3 WHERE id = $1`,
        [
          link.personId,
          `${names.firstName ?? ''} ${names.lastName ?? ''}`.trim(),
          { first_name: names.firstName, last_name: names.lastName },
        ],
      );
    }
    return link.personId;
  }
  if (!openRegistration)
    throw new HttpError(
      403,
      'forbidden',
      'Registration is by invitation only: ask an administrator for an invitation link.',
    );
  const names = checkNames(input as Record<string, unknown>) as Names;
  if (await emailTaken(pool, names.email))
    throw new HttpError(409, 'conflict', 'An account with this e-mail address exists already.');
  const { rows } = await pool.query<{ id: string }>(
    `WITH p AS (INSERT INTO people (name, email, properties) VALUES ($1, $2, $3) RETURNING id),
          c AS (INSERT INTO credentials (person_id, password_hash) SELECT id, $4 FROM p),
          r AS (INSERT INTO person_roles (person_id, role) SELECT id, 'viewer' FROM p)
     SELECT id FROM p`,
    [
      `${names.firstName} ${names.lastName}`,
      names.email,
      { first_name: names.firstName, last_name: names.lastName },
      await hashPassword(password),
    ],
  );
  return rows[0]?.id as string;
}

export async function recoveryLink(pool: pg.Pool, personId: string): Promise<string> {
  const { rowCount } = await pool.query(
    'SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NULL',
    [personId],
  );
  if (!rowCount) throw new HttpError(404, 'not_found', 'No such user');
  return createLink(pool, 'recovery', { personId });
}

export async function recover(pool: pg.Pool, token: string, password: string): Promise<string> {
  checkPassword(password);
  const link = await consumeLink(pool, 'recovery', token);
  if (!link?.personId) throw gone();
  await pool.query(
    `UPDATE credentials SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()) WHERE person_id = $1`,
    [link.personId, await hashPassword(password)],
  );
  // A recovered account starts clean: every other session ends.
  await pool.query('DELETE FROM sessions WHERE person_id = $1', [link.personId]);
  return link.personId;
}

export async function verify(pool: pg.Pool, token: string): Promise<void> {
  const link = await consumeLink(pool, 'verification', token);
  if (!link?.personId) throw gone();
  await pool.query(
    `UPDATE credentials SET email_verified_at = now() WHERE person_id = $1
       AND EXISTS (SELECT 1 FROM people WHERE id = $1 AND lower(email) = lower($2))`,
    [link.personId, link.data.email],
  );
}

export interface Profile extends Names {
  emailVerified: boolean;
  totp: { enabled: boolean };
  recoveryCodesRemaining: number;
}

export async function profile(pool: pg.Pool, personId: string): Promise<Profile> {
  const { rows } = await pool.query<{
    name: string;
    email: string;
    properties: Record<string, string> | null;
    verified: boolean;
    totp: boolean;
    codes: number;
  }>(
    `SELECT p.name, p.email, p.properties, c.email_verified_at IS NOT NULL AS verified, c.totp_enabled_at IS NOT NULL AS totp,
            (SELECT count(*) FROM recovery_codes r WHERE r.person_id = p.id AND r.used_at IS NULL)::int AS codes
       FROM people p LEFT JOIN credentials c ON c.person_id = p.id WHERE p.id = $1`,
    [personId],
  );
  const r = rows[0];
  if (!r) throw new HttpError(404, 'not_found', 'No such user');
  const [first, ...rest] = r.name.split(' ');
  return {
    firstName: r.properties?.first_name ?? first ?? '',
    lastName: r.properties?.last_name ?? rest.join(' '),
    email: r.email,
    emailVerified: r.verified,
    totp: { enabled: r.totp },
    recoveryCodesRemaining: r.codes,
  };
}

/** Updates names and e-mail; a new e-mail is unverified until its verification link is used. */
export async function updateNames(
  pool: pg.Pool,
  personId: string,
  names: Partial<Names>,
): Promise<string | undefined> {
  const current = await profile(pool, personId);
  const next = { ...current, ...names };
  if (
    names.email &&
    names.email.toLowerCase() !== current.email.toLowerCase() &&
    (await emailTaken(pool, names.email, personId))
  ) {
    throw new HttpError(409, 'conflict', 'An account with this e-mail address exists already.');
  }
  await pool.query(
    `UPDATE people SET name = $2, email = $3, properties = coalesce(properties, '{}') || $4 WHERE id = $1`,
    [
      personId,
      `${next.firstName} ${next.lastName}`.trim(),
      next.email,
      { first_name: next.firstName, last_name: next.lastName },
    ],
  );
  if (names.email && names.email.toLowerCase() !== current.email.toLowerCase()) {
    await pool.query('UPDATE credentials SET email_verified_at = NULL WHERE person_id = $1', [
      personId,
    ]);
    return createLink(pool, 'verification', { personId, data: { email: names.email } });
  }
  return undefined;
}

async function passwordOk(pool: pg.Pool, personId: string, password: unknown): Promise<boolean> {
  const { rows } = await pool.query<{ password_hash: string | null }>(
    'SELECT password_hash FROM credentials WHERE person_id = $1',
    [personId],
  );
  const hash = rows[0]?.password_hash;
  return typeof password === 'string' && !!hash && (await verifyPassword(password, hash));
}

export async function requirePassword(
  pool: pg.Pool,
  personId: string,
  password: unknown,
): Promise<void> {
  if (!(await passwordOk(pool, personId, password)))
    throw new HttpError(400, 'invalid_password', 'The current password is not correct.');
}

export async function changePassword(
  pool: pg.Pool,
  personId: string,
  current: unknown,
  next: unknown,
): Promise<void> {
  await requirePassword(pool, personId, current);
  await pool.query('UPDATE credentials SET password_hash = $2 WHERE person_id = $1', [
    personId,
    await hashPassword(checkPassword(next)),
  ]);
}

export async function totpSetup(
  pool: pg.Pool,
  personId: string,
  account: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = generateSecret();
  await pool.query('UPDATE credentials SET totp_pending_secret = $2 WHERE person_id = $1', [
    personId,
    secret,
  ]);
  return { secret, otpauthUrl: otpauthUrl(secret, account) };
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const raw = crypto.randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

export async function replaceRecoveryCodes(pool: pg.Pool, personId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await pool.query('DELETE FROM recovery_codes WHERE person_id = $1', [personId]);
  await pool.query(
    'INSERT INTO recovery_codes (person_id, code_hash) SELECT $1, unnest($2::text[])',
    [personId, codes.map(digest)],
  );
  return codes;
}

export async function totpEnable(
  pool: pg.Pool,
  personId: string,
  code: unknown,
): Promise<string[]> {
  const { rows } = await pool.query<{ totp_pending_secret: string | null }>(
    'SELECT totp_pending_secret FROM credentials WHERE person_id = $1',
    [personId],
  );
  const pending = rows[0]?.totp_pending_secret;
  if (!pending) throw new HttpError(400, 'bad_request', 'Start the authenticator app setup first.');
  if (typeof code !== 'string' || !verifyTotp(pending, code.trim())) {
    throw new HttpError(
      400,
      'invalid_code',
      'The provided authentication code is invalid, please try again.',
    );
  }
  await pool.query(
    'UPDATE credentials SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now() WHERE person_id = $1',
    [personId],
  );
  return replaceRecoveryCodes(pool, personId);
}

export async function totpDisable(
  pool: pg.Pool,
  personId: string,
  password: unknown,
): Promise<void> {
  await requirePassword(pool, personId, password);
  await pool.query(
    'UPDATE credentials SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL WHERE person_id = $1',
    [personId],
  );
  await pool.query('DELETE FROM recovery_codes WHERE person_id = $1', [personId]);
}

export async function hasSecondFactor(pool: pg.Pool, personId: string): Promise<boolean> {
  const { rows } = await pool.query<{ on: boolean }>(
    'SELECT totp_enabled_at IS NOT NULL AS on FROM credentials WHERE person_id = $1',
    [personId],
  );
  return !!rows[0]?.on;
}

/** A TOTP code, or an unused recovery code (used up by this call). */
export async function checkSecondFactor(
  pool: pg.Pool,
  personId: string,
  code: string,
): Promise<boolean> {
  const { rows } = await pool.query<{ totp_secret: string | null }>(
    'SELECT totp_secret FROM credentials WHERE person_id = $1',
    [personId],
  );
  const secret = rows[0]?.totp_secret;
  const clean = code.trim();
  if (secret && verifyTotp(secret, clean)) return true;
  const used = await pool.query(
    'UPDATE recovery_codes SET used_at = now() WHERE person_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [personId, digest(clean.toLowerCase())],
  );
  return !!used.rowCount;
}
