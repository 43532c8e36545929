import type pg from 'pg';
import type { StatusRow } from './writer.js';

/** One stored result of a check, by its time (what Run Now answers with). */
export async function storedResult(
  pool: pg.Pool,
  checkId: string,
  time: string,
): Promise<StatusRow | undefined> {
  const { rows } = await pool.query<{
    time: Date;
    status: boolean;
    invalid: boolean | null;
    duration: number | null;
    message: string | null;
    error: string | null;
    details: unknown;
  }>(
    `SELECT time, status, invalid, duration, message, error, details FROM check_statuses
      WHERE check_id = $1 AND time = $2`,
    [checkId, time],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    checkId,
    time: r.time,
    status: r.status,
    invalid: r.invalid ?? false,
    duration: r.duration ?? 0,
    message: r.message,
    error: r.error,
    details: r.details,
  };
}
