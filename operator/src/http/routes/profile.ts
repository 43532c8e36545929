import { Router, type Request } from 'express';
import type pg from 'pg';
import {
  changePassword,
  checkNames,
  profile,
  replaceRecoveryCodes,
  requirePassword,
  totpDisable,
  totpEnable,
  totpSetup,
  updateNames,
} from '../../auth/accounts.js';
import type { Principal } from '../../auth/identity.js';
import { digest, newSecret } from '../../auth/passwords.js';
import { badRequest, notFound } from '../../errors.js';

const me = (locals: Record<string, unknown>) => (locals.principal as Principal).person;

function verificationUrl(base: string, token: string): string {
  return `${base}/verification?token=${encodeURIComponent(token)}`;
}

/** The signed-in person's own profile, password, two-factor settings and API tokens. */
export function profileRoutes(pool: pg.Pool, publicUrl: (req: Request) => string): Router {
  const router = Router();

  router.get('/profile', async (_req, res) => {
    res.json(await profile(pool, me(res.locals).id));
  });

  router.patch('/profile', async (req, res) => {
    const names = checkNames((req.body ?? {}) as Record<string, unknown>, true);
    const token = await updateNames(pool, me(res.locals).id, names);
    res.json({
      ...(await profile(pool, me(res.locals).id)),
      ...(token ? { verificationLink: verificationUrl(publicUrl(req), token) } : {}),
    });
  });

  router.post('/password', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    await changePassword(pool, me(res.locals).id, body.currentPassword, body.newPassword);
    req.log.info({ person: me(res.locals).id }, 'password changed');
    res.json({ message: 'Your password has been changed' });
  });

  router.post('/totp/setup', async (_req, res) => {
    const person = me(res.locals);
    res.json(await totpSetup(pool, person.id, person.email ?? person.name));
  });

  router.post('/totp/enable', async (req, res) => {
    res.json({
      recoveryCodes: await totpEnable(
        pool,
        me(res.locals).id,
        (req.body as { code?: unknown } | undefined)?.code,
      ),
    });
  });

  router.post('/totp/disable', async (req, res) => {
    await totpDisable(
      pool,
      me(res.locals).id,
      (req.body as { password?: unknown } | undefined)?.password,
    );
    res.json({ message: 'Two-factor authentication is off' });
  });

  router.post('/recovery_codes', async (req, res) => {
    const id = me(res.locals).id;
    await requirePassword(pool, id, (req.body as { password?: unknown } | undefined)?.password);
    res.json({ recoveryCodes: await replaceRecoveryCodes(pool, id) });
  });

  router.get('/tokens', async (_req, res) => {
    const { rows } = await pool.query(
      `SELECT id, name, created_at, expires_at, last_used_at FROM access_tokens WHERE person_id = $1 ORDER BY created_at DESC`,
      [me(res.locals).id],
    );
    res.json(rows);
  });

  router.post('/tokens', async (req, res) => {
    const { name, expiresInDays } = (req.body ?? {}) as { name?: unknown; expiresInDays?: unknown };
    if (typeof name !== 'string' || !name.trim() || name.length > 100)
      throw badRequest('name is required (at most 100 characters)');
    if (
      expiresInDays !== undefined &&
      expiresInDays !== null &&
      (!Number.isInteger(expiresInDays) ||
        (expiresInDays as number) < 1 ||
        (expiresInDays as number) > 3650)
    ) {
      throw badRequest('expiresInDays must be a whole number of days from 1 to 3650');
    }
    const token = newSecret('vgl_');
    const { rows } = await pool.query(
      `INSERT INTO access_tokens (name, person_id, value, expires_at)
       VALUES ($1, $2, $3, CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(days => $4::int) END)
       ON CONFLICT (person_id, name) DO NOTHING
       RETURNING id, name, created_at, expires_at`,
      [name.trim(), me(res.locals).id, digest(token), expiresInDays ?? null],
    );
    if (!rows[0])
      throw badRequest(`you have a token named "${name.trim()}" already; choose another name`);
    res.status(201).json({ ...rows[0], token });
  });

  router.delete('/tokens/:id', async (req, res) => {
    const { rowCount } = await pool
      .query('DELETE FROM access_tokens WHERE id = $1 AND person_id = $2', [
        req.params.id,
        me(res.locals).id,
      ])
      .catch(() => ({ rowCount: 0 }));
    if (!rowCount) throw notFound('no such token');
    res.status(204).end();
  });

  return router;
}
