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
  table?: string;
  column?: string;
  constraint?: string;
}

/** Columns that only scope a key (which agent, which source): not what a person chose. */
const SCOPE_COLUMNS = new Set(['agent_id', 'source', 'deleted_at']);

const IRREGULAR: Record<string, string> = { people: 'person', properties: 'property' };
const thing = (table: string | undefined) =>
  IRREGULAR[table ?? ''] ??
  (table ?? 'row')
    .replace(/_/g, ' ')
    .replace(/ies$/, 'y')
    .replace(/(?<!s)s$/, '');

/**
 * The sentence a person can act on for a constraint the request broke, instead of PostgreSQL's
 * ("duplicate key value violates unique constraint …"); the raw detail stays in `details`.
 */
export function constraintMessage(e: PgError): string | undefined {
  // Only PostgreSQL's own wording is replaced: a trigger that raised the same SQLSTATE with a
  // message of its own already speaks to people.
  if (
    e.message &&
    !/^(duplicate key value|insert or update on|update or delete on|null value in column|new row for relation)/.test(
      e.message,
    )
  )
    return undefined;
  if (e.code === '23505') {
    const m = /^Key \((.+)\)=\((.*)\) already exists\.?$/.exec(e.detail ?? '');
    if (!m) return `a ${thing(e.table)} like this already exists`;
    const columns = (m[1] as string).split(', ');
    const values = (m[2] as string).split(', ');
    const chosen = columns
      .map((c, i) => [c, values[i] ?? ''] as const)
      .filter(([c]) => !SCOPE_COLUMNS.has(c.replace(/^lower\((.*)\)$/, '$1')));
    const said = chosen.map(([c, v]) => `${c.replace(/^lower\((.*)\)$/, '$1')} "${v}"`);
    const first = chosen[0]?.[0] ?? 'name';
    return `a ${thing(e.table)} with ${said.join(' and ') || 'these values'} already exists: choose another ${first.replace(/^lower\((.*)\)$/, '$1')}`;
  }
  if (e.code === '23503') {
    const m =
      /^Key \((.+)\)=\((.*)\) is (not present|still referenced) (in|from) table "(.+)"\.?$/.exec(
        e.detail ?? '',
      );
    if (!m) return `a ${thing(e.table)} refers to something that does not exist`;
    return m[3] === 'not present'
      ? `${m[1]} "${m[2]}" does not exist (no ${thing(m[5])} with that id)`
      : `this ${thing(e.table)} is still used by a ${thing(m[5])}: remove that first`;
  }
  if (e.code === '23502' && e.column) return `${e.column} is required`;
  if (e.code === '23514')
    return `the values break the rule ${e.constraint ? `"${e.constraint}" ` : ''}of ${thing(e.table)}s`;
  return undefined;
}

export function fromPgError(error: unknown): PgrstError {
  const e = error as PgError;
  if (!e.code || !/^[0-9A-Z]{5}$/.test(e.code)) throw error;
  const status = statusForSqlState(e.code);
  // Internal failures keep their SQLSTATE but not server internals.
  const message =
    status >= 500 && e.code !== '57014'
      ? 'the database could not complete the request'
      : (constraintMessage(e) ?? e.message ?? '');
  const details = status >= 500 && e.code !== '57014' ? null : (e.detail ?? null);
  return new PgrstError(
    status,
    e.code,
    e.code === '57014' ? 'the query took too long and was cancelled' : message,
    details,
    e.hint ?? null,
  );
}
