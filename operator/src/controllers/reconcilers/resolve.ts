import type pg from 'pg';
import { UUID } from '../../ids.js';

export const SYSTEM_PERSON = '00000000-0000-0000-0000-000000000000';

/** A person named by id or e-mail, as resources refer to people. */
export async function personId(db: pg.PoolClient, ref: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM people WHERE deleted_at IS NULL AND (${UUID.test(ref) ? 'id = $1::uuid OR ' : ''}lower(email) = lower($1)) LIMIT 1`,
    [ref],
  );
  return rows[0]?.id;
}

/** A team named by id or name. */
export async function teamId(db: pg.PoolClient, ref: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM teams WHERE deleted_at IS NULL AND (${UUID.test(ref) ? 'id = $1::uuid OR ' : ''}name = $1) LIMIT 1`,
    [ref],
  );
  return rows[0]?.id;
}

/**
 * A playbook named by id, `namespace/name`, or a bare name (looked for in `namespace` first,
 * then anywhere when only one playbook has that name).
 */
export async function playbookId(
  db: pg.PoolClient,
  ref: string,
  namespace: string,
): Promise<string | undefined> {
  if (UUID.test(ref)) {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM playbooks WHERE deleted_at IS NULL AND id = $1::uuid',
      [ref],
    );
    if (rows[0]) return rows[0].id;
  }
  const slash = ref.indexOf('/');
  if (slash >= 0) {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM playbooks WHERE deleted_at IS NULL AND namespace = $1 AND name = $2 LIMIT 1',
      [ref.slice(0, slash), ref.slice(slash + 1)],
    );
    return rows[0]?.id;
  }
  const { rows } = await db.query<{ id: string; namespace: string }>(
    `SELECT id, namespace FROM playbooks WHERE deleted_at IS NULL AND name = $1
      ORDER BY namespace = $2 DESC LIMIT 2`,
    [ref, namespace],
  );
  return (rows.find((r) => r.namespace === namespace) ?? (rows.length === 1 ? rows[0] : undefined))
    ?.id;
}

/** A notification rule named by id, `namespace/name`, or a name in `namespace`. */
export async function notificationId(
  db: pg.PoolClient,
  ref: string,
  namespace: string,
): Promise<string | undefined> {
  if (UUID.test(ref)) {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM notifications WHERE deleted_at IS NULL AND id = $1::uuid',
      [ref],
    );
    if (rows[0]) return rows[0].id;
  }
  const slash = ref.indexOf('/');
  const [ns, name] = slash >= 0 ? [ref.slice(0, slash), ref.slice(slash + 1)] : [namespace, ref];
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM notifications WHERE deleted_at IS NULL AND coalesce(namespace, '') = $1
        AND name = $2 LIMIT 1`,
    [ns, name],
  );
  return rows[0]?.id;
}
