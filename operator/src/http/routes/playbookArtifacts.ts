import { Router } from 'express';
import type pg from 'pg';
import type { Principal } from '../../auth/identity.js';
import { denial, mayReachSome, rowDenial } from '../../auth/policy.js';
import { RowPolicyError, scopeFilter } from '../../auth/rowPolicy.js';
import { forbidden, notFound } from '../../errors.js';
import { UUID } from '../../ids.js';
import { SCOPES } from '../../postgrest/exposure.js';

/**
 * GET /api/playbook/artifacts/{id} (docs/api/playbooks.md): the bytes of a file a playbook
 * action kept, for whoever may read the run it belongs to — object-scoped Permissions on the
 * run's playbook, config, component or check apply as they do to the run's row in /api/db.
 * Mounted under /playbook. The file was made by a script: it is always a download (never shown
 * inline, where an HTML artifact would run in Vigil's origin) with a name that cannot break the
 * header.
 */
export function playbookArtifactRoutes(pool: pg.Pool): Router {
  const router = Router();
  const scopes = SCOPES.playbook_runs ?? [];
  router.get('/artifacts/:id', async (req, res) => {
    const principal = res.locals.principal as Principal;
    const kinds = scopes.map((s) => s.kind);
    if (!mayReachSome(principal, 'playbook_runs', 'read', kinds))
      throw forbidden(denial(principal, 'playbook_runs', 'read'));
    const id = req.params.id as string;
    if (!UUID.test(id)) throw notFound(`artifact ${id} not found`);
    const params: unknown[] = [id.toLowerCase()];
    let visible: string | undefined;
    try {
      visible = scopeFilter(
        principal,
        'playbook_runs',
        'read',
        'playbook_runs',
        scopes,
        'r',
        (v) => {
          params.push(v);
          return `$${params.length}`;
        },
      );
    } catch (error) {
      if (error instanceof RowPolicyError)
        throw forbidden(denial(principal, 'playbook_runs', 'read'));
      throw error;
    }
    const { rows } = await pool.query<{
      filename: string;
      content_type: string | null;
      content: Buffer;
      visible: boolean;
    }>(
      `SELECT a.filename, a.content_type, c.content, ${visible ?? 'true'} AS visible
       FROM artifacts a
       JOIN artifact_contents c ON c.artifact_id = a.id
       JOIN playbook_run_actions act ON act.id = a.playbook_run_action_id
       JOIN playbook_runs r ON r.id = act.playbook_run_id
       WHERE a.id = $1 AND a.deleted_at IS NULL`,
      params,
    );
    const row = rows[0];
    if (!row) throw notFound(`artifact ${id} not found`);
    if (!row.visible)
      throw forbidden(
        `${rowDenial(principal, 'playbook_runs', 'read', kinds)} (the run of artifact ${id})`,
      );
    res.setHeader('Content-Type', row.content_type || 'application/octet-stream');
    res.setHeader('Content-Disposition', contentDisposition(row.filename));
    res.setHeader('Content-Length', String(row.content.length));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Opened directly anyway (a browser that ignores the disposition): no script runs.
    res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(row.content);
  });
  return router;
}

/** `attachment` with an ASCII fallback name and the exact one in RFC 5987 form. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'artifact';
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
