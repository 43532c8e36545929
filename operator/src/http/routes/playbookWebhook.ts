import express, { Router, type Request } from 'express';
import type pg from 'pg';
import { HttpError, notFound, unauthorized } from '../../errors.js';
import { PLAYBOOK_COLUMNS, type PlaybookRow } from '../../playbooks/match.js';
import { createRun } from '../../playbooks/runs.js';
import { jwksFetcher, webhookRefusal, type JwksFetcher } from '../../playbooks/webhookAuth.js';

/**
 * GET or POST /playbook/webhook/{path} (docs/api/playbooks.md): starts a run of the playbook
 * whose `on.webhook.path` is `path`. No Vigil session is involved — the webhook's own
 * `authentication` decides, and the run acts as the playbook itself. The raw body is kept for
 * signature checks (GitHub, Svix) and offered to templates as `request`.
 */
export function playbookWebhookRoutes(
  pool: pg.Pool,
  fetchJwks: JwksFetcher = jwksFetcher(),
): Router {
  const router = Router();
  router.use(express.raw({ type: () => true, limit: '5mb' }));
  const handle = async (req: Request, res: express.Response) => {
    const path = req.params.path as string;
    const { rows } = await pool.query<PlaybookRow>(
      `SELECT ${PLAYBOOK_COLUMNS} FROM playbooks
        WHERE deleted_at IS NULL AND spec -> 'on' -> 'webhook' ->> 'path' = $1
        ORDER BY created_at LIMIT 2`,
      [path],
    );
    const playbook = rows[0];
    if (!playbook) throw notFound(`no playbook listens on webhook path "${path}"`);
    if (rows.length > 1)
      throw new HttpError(
        409,
        'conflict',
        `more than one playbook listens on webhook path "${path}"`,
      );
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const refused = await webhookRefusal(
      playbook.spec.on?.webhook?.authentication,
      { headers: req.headers, body },
      fetchJwks,
    );
    if (refused) throw unauthorized(refused);
    const content = body.toString('utf8');
    let json: unknown = undefined;
    if (content && /json/i.test(req.get('content-type') ?? '')) {
      try {
        json = JSON.parse(content);
      } catch {
        throw new HttpError(400, 'invalid', 'the body says it is JSON but cannot be parsed');
      }
    }
    const started = await createRun(pool, {
      playbook,
      triggered: true,
      request: {
        method: req.method,
        url: req.originalUrl,
        headers: safeHeaders(req.headers),
        params: req.query,
        content,
        ...(json !== undefined ? { json } : {}),
      },
    });
    res.status(201).json({ run_id: started.run_id, status: started.status });
  };
  router.get('/:path', handle);
  router.post('/:path', handle);
  return router;
}

/** Headers as templates see them: credentials are not kept with the run. */
function safeHeaders(headers: Request['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (k === 'authorization' || k === 'cookie') continue;
    out[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
  }
  return out;
}
