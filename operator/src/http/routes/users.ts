import { Router, type Request } from 'express';
import type pg from 'pg';
import { checkNames, checkRole, invite, recoveryLink } from '../../auth/accounts.js';
import { subjectOf, type Principal } from '../../auth/identity.js';
import {
  holdsRole,
  holdsRule,
  ROLES,
  ruleName,
  type Role,
  type Subject,
} from '../../auth/policy.js';
import { badRequest, forbidden, HttpError, notFound } from '../../errors.js';
import { requirePermission } from '../authn.js';
import { UUID } from '../../ids.js';

function personId(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value))
    throw badRequest('id must be a person id (a UUID)');
  return value;
}

async function exists(pool: pg.Pool, id: string): Promise<void> {
  const { rowCount } = await pool.query(
    `SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NULL AND type IS DISTINCT FROM 'system'`,
    [id],
  );
  if (!rowCount) throw notFound('No such user');
}

/**
 * Nobody acts on a person who holds more than they do: changing an admin's e-mail, recovery
 * link or state would be a way to become that admin.
 */
async function assertHoldsAllOf(pool: pg.Pool, actor: Subject, id: string): Promise<void> {
  const target = await subjectOf(pool, id);
  if (!target) return;
  const role = target.roles.find((r) => !holdsRole(actor, r));
  if (role)
    throw forbidden(
      `permission denied: this person has the ${role} role, which grants more than you hold`,
    );
  const beyond = target.rules.filter((r) => !holdsRule(actor, r));
  if (beyond.length)
    throw forbidden(
      `permission denied: this person holds Permission ${beyond.map(ruleName).join(', ')}, which grants more than you hold`,
    );
}

async function setRoles(pool: pg.Pool, id: string, roles: Role[]): Promise<void> {
  await pool.query('DELETE FROM person_roles WHERE person_id = $1', [id]);
  await pool.query('INSERT INTO person_roles (person_id, role) SELECT $1, unnest($2::text[])', [
    id,
    roles,
  ]);
}

/** User administration: needs write on identities (roles: write on rbac). */
export function userRoutes(
  pool: pg.Pool,
  publicUrl: (req: Request) => string,
): { auth: Router; people: Router; rbac: Router } {
  const auth = Router();
  const people = Router();
  const rbac = Router();
  const me = (locals: Record<string, unknown>) => (locals.principal as Principal).person.id;

  auth.post('/invite_user', requirePermission('identities', 'write'), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const names = checkNames(body) as { firstName: string; lastName: string; email: string };
    const role = checkRole(body.role);
    if (!holdsRole(res.locals.principal as Principal, role))
      throw forbidden(`permission denied: the ${role} role grants more than you hold`);
    const token = await invite(pool, { ...names, role }, me(res.locals));
    req.log.info({ email: names.email, role }, 'invited a user');
    res.json({ link: `${publicUrl(req)}/registration?invite=${encodeURIComponent(token)}` });
  });

  auth.post('/:id/recovery_link', requirePermission('identities', 'write'), async (req, res) => {
    const id = personId(req.params.id);
    await assertHoldsAllOf(pool, res.locals.principal as Principal, id);
    const token = await recoveryLink(pool, id);
    res.json({ link: `${publicUrl(req)}/recovery?token=${encodeURIComponent(token)}` });
  });

  auth.post('/:id/update_state', requirePermission('identities', 'write'), async (req, res) => {
    const id = personId(req.params.id);
    const state = (req.body as { state?: unknown } | undefined)?.state;
    if (state !== 'active' && state !== 'inactive')
      throw badRequest('state must be active or inactive');
    if (id === me(res.locals) && state === 'inactive')
      throw forbidden('You cannot deactivate your own account');
    await exists(pool, id);
    await assertHoldsAllOf(pool, res.locals.principal as Principal, id);
    await pool.query(
      'UPDATE credentials SET state = $2, state_changed_at = now() WHERE person_id = $1',
      [id, state],
    );
    if (state === 'inactive') await pool.query('DELETE FROM sessions WHERE person_id = $1', [id]);
    res.json({ message: 'success' });
  });

  people.post('/update', requirePermission('identities', 'write'), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const id = personId(body.id);
    await exists(pool, id);
    await assertHoldsAllOf(pool, res.locals.principal as Principal, id);
    const names = checkNames(body, true);
    const role = body.role === undefined ? undefined : checkRole(body.role);
    if (role && !holdsRole(res.locals.principal as Principal, role))
      throw forbidden(`permission denied: the ${role} role grants more than you hold`);
    if (body.active !== undefined && typeof body.active !== 'boolean')
      throw badRequest('active must be true or false');
    if (id === me(res.locals) && (body.active === false || (role && role !== 'admin'))) {
      throw forbidden('You cannot deactivate yourself or remove your own admin role');
    }
    if (names.email) {
      const taken = await pool.query(
        'SELECT 1 FROM people WHERE lower(email) = lower($1) AND id <> $2 AND deleted_at IS NULL',
        [names.email, id],
      );
      if (taken.rowCount)
        throw new HttpError(409, 'conflict', 'An account with this e-mail address exists already.');
    }
    const { rows } = await pool.query<{ email: string; first: string; last: string }>(
      `UPDATE people SET
         properties = coalesce(properties, '{}') || jsonb_strip_nulls(jsonb_build_object('first_name', $2::text, 'last_name', $3::text)),
         email = coalesce($4, email)
       WHERE id = $1
       RETURNING email, properties->>'first_name' AS first, properties->>'last_name' AS last`,
      [id, names.firstName ?? null, names.lastName ?? null, names.email ?? null],
    );
    const row = rows[0] as { email: string; first: string; last: string };
    await pool.query('UPDATE people SET name = trim($2) WHERE id = $1', [
      id,
      `${row.first ?? ''} ${row.last ?? ''}`,
    ]);
    if (role) await setRoles(pool, id, [role]);
    if (typeof body.active === 'boolean') {
      await pool.query(
        'UPDATE credentials SET state = $2, state_changed_at = now() WHERE person_id = $1 AND state <> $2',
        [id, body.active ? 'active' : 'inactive'],
      );
      if (!body.active) await pool.query('DELETE FROM sessions WHERE person_id = $1', [id]);
    }
    res.json({ email: row.email, name: { first: row.first, last: row.last } });
  });

  people.delete('/:id', requirePermission('identities', 'write'), async (req, res) => {
    const id = personId(req.params.id);
    if (id === me(res.locals)) throw forbidden('You cannot delete your own account');
    await exists(pool, id);
    await assertHoldsAllOf(pool, res.locals.principal as Principal, id);
    // Soft delete keeps the person's name on incidents and history; access ends at once.
    await pool.query('UPDATE people SET deleted_at = now() WHERE id = $1', [id]);
    await pool.query('DELETE FROM sessions WHERE person_id = $1', [id]);
    await pool.query('DELETE FROM access_tokens WHERE person_id = $1', [id]);
    await pool.query(
      `UPDATE credentials SET state = 'inactive', state_changed_at = now() WHERE person_id = $1`,
      [id],
    );
    req.log.info({ person: id }, 'deleted a user');
    res.status(204).end();
  });

  rbac.post('/:id/update_role', requirePermission('rbac', 'write'), async (req, res) => {
    const id = personId(req.params.id);
    const roles = (req.body as { roles?: unknown } | undefined)?.roles;
    if (
      !Array.isArray(roles) ||
      roles.length === 0 ||
      !roles.every((r) => (ROLES as readonly string[]).includes(r as string))
    ) {
      throw badRequest(`roles must be a list of: ${ROLES.join(', ')}`);
    }
    if (id === me(res.locals) && !roles.includes('admin'))
      throw forbidden('You cannot remove your own admin role');
    await exists(pool, id);
    // No one assigns, or takes away, a role that grants more than they hold.
    const actor = res.locals.principal as Principal;
    const beyond = (roles as Role[]).find((r) => !holdsRole(actor, r));
    if (beyond) throw forbidden(`permission denied: the ${beyond} role grants more than you hold`);
    await assertHoldsAllOf(pool, actor, id);
    await setRoles(pool, id, roles as Role[]);
    res.json({ message: 'Role updated successfully' });
  });

  return { auth, people, rbac };
}
