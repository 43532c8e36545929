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
