import { postgresQuery, resolveConnection } from '../../health/runners/sql.js';
import type { ActionRunner } from '../types.js';
import { completed, errorText, failed, guarded, stoppedText, text } from './common.js';

/**
 * The `sql` action (crds.md §4.4), PostgreSQL only for now: `connection` (a `connection://…`
 * reference, or the URL itself) or `url`, and `query`, run on a connection of its own exactly as
 * the postgres health check runs its query (health/runners/sql.ts), which also refuses Vigil's
 * own database wherever it is reached. result = {rows, count} of the last statement.
 */

/** The check's refusal names checks and scrapers: said again in the action's words. */
const OWN_DATABASE = /reaches Vigil's own database/;

const POSTGRES = new Set(['', 'postgres', 'postgresql', 'pgx']);
/** The driver's own timeouts, behind the engine's signal (the action's timeout). */
const BACKSTOP_MS = 24 * 3600_000;

export const sqlAction: ActionRunner = (spec, ctx) =>
  guarded(async () => {
    const driver = (text(spec, 'driver') ?? '').trim().toLowerCase();
    if (!POSTGRES.has(driver))
      return failed(
        `driver ${text(spec, 'driver')} is not supported yet: the sql action runs PostgreSQL queries only (driver: postgres)`,
      );
    const query = text(spec, 'query');
    if (!query?.trim()) return failed('query is required');
    const connection = text(spec, 'connection')?.trim();
    const url = text(spec, 'url')?.trim();
    if (!connection && !url)
      return failed(
        'connection or url is required: a connection://<namespace>/<name> reference or a postgres:// URL',
      );
    const resolved = await resolveConnection({ connection, url }, ctx);
    if (typeof resolved === 'string') return failed(resolved);
    if (!resolved.url) return failed(`connection ${connection} has no URL`);
    let rows: Record<string, unknown>[];
    try {
      rows = await postgresQuery(resolved.url, resolved, query, ctx.signal, BACKSTOP_MS, ctx);
    } catch (err) {
      if (ctx.signal.aborted) return failed(stoppedText(ctx.signal));
      const message = errorText(err);
      return failed(
        OWN_DATABASE.test(message)
          ? "this connection reaches Vigil's own database, which holds its credentials and sessions: playbook actions may not query it"
          : message,
      );
    }
    return completed({ rows, count: rows.length });
  });
