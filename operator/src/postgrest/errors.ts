/**
 * PostgREST's error contract: every error is {code, message, details, hint} with an HTTP status
 * derived from PostgREST's own codes or the PostgreSQL SQLSTATE (PostgREST docs, "Errors").
 */
export class PgrstError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  body() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new PgrstError(400, 'PGRST100', message, details);

export const bodyError = (message: string) => new PgrstError(400, 'PGRST102', message);

/** HTTP status for a PostgreSQL SQLSTATE, as PostgREST maps it. */
export function statusForSqlState(code: string, authenticated = true): number {
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '53400') return 500;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (code === '57014') return 504; // statement timeout: the query took too long
  if (/^(40|25|2D|38|39|3B|54|55|57|58|F0|HV|P0|XX)/.test(code) || code === '42P17') return 500;
  return 400;
}

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

export function fromPgError(error: unknown): PgrstError {
  const e = error as PgError;
  if (!e.code || !/^[0-9A-Z]{5}$/.test(e.code)) throw error;
  const status = statusForSqlState(e.code);
  // Internal failures keep their SQLSTATE but not server internals.
  const message =
    status >= 500 && e.code !== '57014'
      ? 'the database could not complete the request'
      : (e.message ?? '');
  const details = status >= 500 && e.code !== '57014' ? null : (e.detail ?? null);
  return new PgrstError(
    status,
    e.code,
    e.code === '57014' ? 'the query took too long and was cancelled' : message,
    details,
    e.hint ?? null,
  );
}
