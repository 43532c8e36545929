import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import { createPerson, ensureToken, setPassword } from './identity.js';
import { generatePassword, verifyPassword } from './passwords.js';

export interface FirstAdmin {
  email: string;
  /** Set only when the password was generated at this start, to be printed once. */
  generatedPassword?: string;
  passwordFile?: string;
}

const ADMIN_TOKEN_NAME = 'VIGIL_ADMIN_TOKEN';

/**
 * Ensures an admin exists. The first start creates one with VIGIL_ADMIN_PASSWORD or a generated
 * password (kept in <data dir>/initial-admin-password, readable by the owner only, so a user who
 * missed the first print can still sign in). Later starts with VIGIL_ADMIN_PASSWORD set make the
 * first admin's password match it, so automation can rely on the variable.
 */
export async function ensureFirstAdmin(
  pool: pg.Pool,
  log: Logger,
  opts: { email: string; password?: string; token?: string; dataDir: string },
): Promise<FirstAdmin> {
  const passwordFile = path.join(opts.dataDir, 'initial-admin-password');
  const { rows } = await pool.query<{ id: string; email: string; password_hash: string }>(
    `SELECT p.id, p.email, c.password_hash FROM people p
       JOIN person_roles r ON r.person_id = p.id AND r.role = 'admin'
       JOIN credentials c ON c.person_id = p.id
      WHERE p.deleted_at IS NULL ORDER BY p.created_at LIMIT 1`,
  );
  let admin = rows[0];
  const result: FirstAdmin = { email: admin?.email ?? opts.email };
  if (!admin) {
    const password = opts.password ?? generatePassword();
    const person = await createPerson(pool, {
      name: 'Admin',
      email: opts.email,
      password,
      roles: ['admin'],
    });
    admin = { id: person.id, email: opts.email, password_hash: '' };
    // The operator chose this address: it needs no verification link.
    await pool.query('UPDATE credentials SET email_verified_at = now() WHERE person_id = $1', [
      person.id,
    ]);
    if (!opts.password) {
      fs.mkdirSync(opts.dataDir, { recursive: true });
      fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
      result.generatedPassword = password;
    }
    log.info({ email: opts.email }, 'created the first admin');
  } else if (opts.password && !(await verifyPassword(opts.password, admin.password_hash))) {
    await setPassword(pool, admin.id, opts.password);
    log.info({ email: admin.email }, 'set the first admin password from VIGIL_ADMIN_PASSWORD');
  }
  if (!opts.password && fs.existsSync(passwordFile)) result.passwordFile = passwordFile;
  if (opts.token) await ensureToken(pool, admin.id, ADMIN_TOKEN_NAME, opts.token);
  return result;
}
