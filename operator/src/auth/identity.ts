import type pg from 'pg';
import { digest, hashPassword, newSecret, verifyPassword } from './passwords.js';
import { effectiveRoles, type PermissionRule, type Role } from './policy.js';
import { normaliseObjectSelector, type ObjectSelector, type ScopeKind } from './scope.js';

export interface Person {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
}

export interface Principal {
  person: Person;
  roles: Role[];
  /** Permission objects that apply to this person, directly or through a team. */
  rules: PermissionRule[];
  via: 'session' | 'token';
}

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

// An agent's machine user holds the agent role and nothing else, whatever person_roles says:
// its token pushes to /api/upstream and reads nothing.
const PERSON_COLUMNS = `p.id, p.name, p.email, p.avatar,
  CASE WHEN p.type = 'agent' THEN '{agent}'::text[]
    ELSE COALESCE((SELECT array_agg(role) FROM person_roles r WHERE r.person_id = p.id), '{}')
  END AS roles`;

type PersonRow = Person & { roles: string[] };

/** The single-resource columns the console's Permission form fills, per kind. */
const RESOURCE_COLUMNS: [ScopeKind, string][] = [
  ['component', 'component_id'],
  ['config', 'config_id'],
  ['canary', 'canary_id'],
  ['check', 'check_id'],
  ['playbook', 'playbook_id'],
  ['connection', 'connection_id'],
];

/**
 * Permissions of the person and of their teams that have not expired, as one JSON array; those
 * applied as a Permission kind carry the resource's name (403 answers and explain name them).
 */
export const RULES_SQL = `coalesce((
  SELECT json_agg(json_build_object('id', pm.id, 'description', pm.description, 'action', pm.action,
    'name', CASE WHEN pm.source = 'KubernetesCRD' THEN (SELECT r.name FROM resources r WHERE r.uid = pm.id) END,
    'deny', pm.deny, 'object', pm.object, 'object_selector', pm.object_selector,
    'component_id', pm.component_id, 'config_id', pm.config_id, 'canary_id', pm.canary_id,
    'check_id', pm.check_id, 'playbook_id', pm.playbook_id, 'connection_id', pm.connection_id))
  FROM permissions pm
  WHERE (pm.person_id = p.id OR pm.team_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.person_id = p.id))
    AND (pm.until IS NULL OR pm.until > now())), '[]')`;

type RuleRow = Record<string, unknown>;

/** A permissions row as the policy module weighs it: legacy id columns become id selectors. */
export function toRule(r: RuleRow): PermissionRule {
  const scope: ObjectSelector = normaliseObjectSelector(r.object_selector) ?? {};
  for (const [kind, column] of RESOURCE_COLUMNS) {
    const id = r[column];
    if (typeof id === 'string' && id) scope[kind] = [...(scope[kind] ?? []), { id }];
  }
  const scoped = Object.keys(scope).length > 0;
  return {
    ...(typeof r.id === 'string' ? { id: r.id } : {}),
    ...(typeof r.name === 'string' && r.name ? { name: r.name } : {}),
    description: (r.description as string | null | undefined) ?? null,
    action: String(r.action),
    deny: r.deny === true,
    // A row naming resources is about those resources, whatever its object column says.
    object: scoped ? null : ((r.object as string | null) ?? null),
    ...(scoped ? { scope } : {}),
  };
}

function toRules(rows: RuleRow[]): PermissionRule[] {
  return rows.map(toRule);
}

type PrincipalRow = PersonRow & { rules: RuleRow[]; stale: boolean };

function principal(row: PrincipalRow, via: Principal['via']): Principal {
  const { roles, rules, stale, ...person } = row;
  return { person, roles: effectiveRoles(roles), rules: toRules(rules), via };
}

export async function createPerson(
  db: pg.Pool | pg.PoolClient,
  input: { name: string; email: string; password: string; roles: Role[] },
): Promise<Person> {
  const hash = await hashPassword(input.password);
  const { rows } = await db.query<Person>(
    `WITH p AS (INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id, name, email, avatar),
          c AS (INSERT INTO credentials (person_id, password_hash) SELECT id, $3 FROM p),
          r AS (INSERT INTO person_roles (person_id, role) SELECT p.id, unnest($4::text[]) FROM p)
     SELECT * FROM p`,
    [input.name, input.email, hash, input.roles],
  );
  return rows[0] as Person;
}

/** Checks e-mail and password; undefined for an unknown e-mail, a wrong password or an inactive account. */
export async function authenticatePassword(
  pool: pg.Pool,
  email: string,
  password: string,
): Promise<Person | undefined> {
  const { rows } = await pool.query<Person & { password_hash: string; state: string }>(
    `SELECT p.id, p.name, p.email, p.avatar, c.password_hash, c.state
       FROM people p JOIN credentials c ON c.person_id = p.id
      WHERE lower(p.email) = lower($1) AND p.deleted_at IS NULL`,
    [email],
  );
  const row = rows[0];
  // Hash anyway for unknown e-mails so response time does not reveal which accounts exist.
  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !ok || row.state !== 'active') return undefined;
  await pool.query('UPDATE people SET last_login = now() WHERE id = $1', [row.id]);
  return { id: row.id, name: row.name, email: row.email, avatar: row.avatar };
}
const DUMMY_HASH = await hashPassword('not-a-real-password');

export async function createSession(
  pool: pg.Pool,
  personId: string,
  meta: { userAgent?: string; address?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret('');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await pool.query(
    `INSERT INTO sessions (id_hash, person_id, expires_at, user_agent, address) VALUES ($1, $2, $3, $4, $5)`,
    [digest(token), personId, expiresAt, meta.userAgent ?? null, meta.address ?? null],
  );
  return { token, expiresAt };
}

export async function endSession(pool: pg.Pool, token: string): Promise<void> {
  await pool.query('DELETE FROM sessions WHERE id_hash = $1', [digest(token)]);
}

/**
 * One query resolves a session or token into the person, roles and permissions. The last-seen
 * time is written at most once a minute, off the request's path.
 */
export async function principalFromSession(
  pool: pg.Pool,
  token: string,
): Promise<Principal | undefined> {
  const hash = digest(token);
  const { rows } = await pool.query<PrincipalRow>(
    `SELECT ${PERSON_COLUMNS}, ${RULES_SQL} AS rules, s.last_seen_at < now() - interval '1 minute' AS stale
       FROM sessions s JOIN people p ON p.id = s.person_id JOIN credentials c ON c.person_id = p.id
      WHERE s.id_hash = $1 AND s.expires_at > now() AND p.deleted_at IS NULL AND c.state = 'active'`,
    [hash],
  );
  const row = rows[0];
  if (row?.stale)
    pool
      .query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [hash])
      .catch(() => undefined);
  return row && principal(row, 'session');
}

export async function principalFromToken(
  pool: pg.Pool,
  token: string,
): Promise<Principal | undefined> {
  const hash = digest(token);
  const { rows } = await pool.query<PrincipalRow>(
    `SELECT ${PERSON_COLUMNS}, ${RULES_SQL} AS rules,
            (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale
       FROM access_tokens t JOIN people p ON p.id = t.person_id
       LEFT JOIN credentials c ON c.person_id = p.id
      WHERE t.value = $1 AND (t.expires_at IS NULL OR t.expires_at > now())
        AND p.deleted_at IS NULL AND coalesce(c.state, 'active') = 'active'`,
    [hash],
  );
  const row = rows[0];
  if (row?.stale)
    pool
      .query('UPDATE access_tokens SET last_used_at = now() WHERE value = $1', [hash])
      .catch(() => undefined);
  return row && principal(row, 'token');
}

/** A person's roles and Permissions (directly and through teams), as the policy weighs them. */
export async function subjectOf(
  pool: pg.Pool,
  personId: string,
): Promise<{ roles: Role[]; rules: PermissionRule[] } | undefined> {
  const { rows } = await pool.query<{ roles: string[]; rules: RuleRow[] }>(
    `SELECT COALESCE((SELECT array_agg(role) FROM person_roles r WHERE r.person_id = p.id), '{}') AS roles,
            ${RULES_SQL} AS rules
       FROM people p WHERE p.id = $1`,
    [personId],
  );
  const row = rows[0];
  return row && { roles: effectiveRoles(row.roles), rules: toRules(row.rules) };
}

/** Makes `person` hold a token with exactly this value (for VIGIL_ADMIN_TOKEN). */
export async function ensureToken(
  pool: pg.Pool,
  personId: string,
  name: string,
  token: string,
): Promise<void> {
  await pool.query(
    `INSERT INTO access_tokens (name, person_id, value) VALUES ($1, $2, $3)
     ON CONFLICT (person_id, name) DO UPDATE SET value = EXCLUDED.value, expires_at = NULL`,
    [name, personId, digest(token)],
  );
}

export async function setPassword(
  pool: pg.Pool,
  personId: string,
  password: string,
): Promise<void> {
  await pool.query('UPDATE credentials SET password_hash = $2 WHERE person_id = $1', [
    personId,
    await hashPassword(password),
  ]);
}

export { verifyPassword };
