import type pg from 'pg';
import { sortKeys } from '../catalog/identity.js';
import { evaluate } from '../health/cel.js';

/**
 * A topology's statuses, from the leaves up: a component is as bad as the worst of its own
 * status (from the spec or a lookup), its linked checks, its linked catalog items and its
 * children — unless `healthExpr`/`statusExpr` (CEL over its `summary` and itself) says
 * otherwise. `summary` counts its descendants' statuses and its checks'. Only components whose
 * status, health or summary moved are written; a status change enqueues a component.<status>
 * event (by trigger), so notifications and playbooks hear about it.
 */

type Status = 'unhealthy' | 'warning' | 'healthy' | 'info' | 'unknown';
const RANK: Record<Status, number> = { unknown: 0, info: 1, healthy: 2, warning: 3, unhealthy: 4 };

export function normalStatus(v: unknown): Status | undefined {
  const s = typeof v === 'string' ? v.toLowerCase() : '';
  if (s in RANK) return s as Status;
  if (['ok', 'passing', 'up', 'running', 'ready'].includes(s)) return 'healthy';
  if (['failed', 'failing', 'down', 'error', 'critical'].includes(s)) return 'unhealthy';
  if (['degraded', 'warn'].includes(s)) return 'warning';
  return undefined;
}

export const worst = (statuses: Status[]): Status =>
  statuses.reduce<Status>((w, s) => (RANK[s] > RANK[w] ? s : w), 'unknown');

interface Node {
  id: string;
  parent_id: string | null;
  name: string;
  type: string | null;
  own_status: string | null;
  status: string;
  health: string | null;
  status_reason: string | null;
  status_expr: string | null;
  health_expr: string | null;
  properties: unknown;
  summary: Record<string, unknown> | null;
  checks: Record<string, number> | null;
  configs: Record<string, number> | null;
}

export interface Summary {
  healthy: number;
  unhealthy: number;
  warning: number;
  info: number;
  checks?: Record<string, number>;
}

export interface Computed {
  status: Status;
  summary: Summary;
  reason?: string;
}

/** The rollup over loaded nodes (pure: tested without a database). */
export function rollup(nodes: Node[]): Map<string, Computed> {
  const children = new Map<string, Node[]>();
  for (const n of nodes)
    if (n.parent_id) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n]);
  const out = new Map<string, Computed>();
  const visit = (n: Node, seen: Set<string>): Computed => {
    const known = out.get(n.id);
    if (known) return known;
    if (seen.has(n.id))
      return { status: 'unknown', summary: { healthy: 0, unhealthy: 0, warning: 0, info: 0 } };
    seen.add(n.id);
    const summary: Summary = { healthy: 0, unhealthy: 0, warning: 0, info: 0 };
    const inputs: Status[] = [];
    const reasons: string[] = [];
    for (const child of children.get(n.id) ?? []) {
      const c = visit(child, seen);
      if (c.status !== 'unknown') summary[c.status] += 1;
      for (const k of ['healthy', 'unhealthy', 'warning', 'info'] as const)
        summary[k] += c.summary[k];
      inputs.push(c.status);
      if (c.status === 'unhealthy' || c.status === 'warning')
        reasons.push(`${child.name} is ${c.status}`);
    }
    if (n.checks && Object.keys(n.checks).length) {
      summary.checks = n.checks;
      const failing = n.checks.unhealthy ?? 0;
      inputs.push(failing ? 'unhealthy' : (n.checks.healthy ?? 0) > 0 ? 'healthy' : 'unknown');
      if (failing)
        reasons.push(
          `${failing} of ${Object.values(n.checks).reduce((a, b) => a + b, 0)} checks failing`,
        );
    }
    if (n.configs) {
      for (const [h, count] of Object.entries(n.configs)) {
        const s = normalStatus(h);
        if (!s || !count) continue;
        inputs.push(s);
        if (s === 'unhealthy' || s === 'warning')
          reasons.push(`${count} linked ${count > 1 ? 'items are' : 'item is'} ${s}`);
      }
    }
    const own = normalStatus(n.own_status);
    if (own) inputs.push(own);
    let status = worst(inputs);
    const expr = n.health_expr || n.status_expr;
    if (expr) {
      try {
        const v = evaluate(expr, {
          summary,
          component: { name: n.name, type: n.type, properties: n.properties, status },
        });
        status = normalStatus(v) ?? (v === true ? 'healthy' : v === false ? 'unhealthy' : status);
      } catch (error) {
        reasons.unshift(`healthExpr: ${(error as Error).message}`);
      }
    }
    const computed: Computed = {
      status,
      summary,
      ...(reasons.length ? { reason: reasons.slice(0, 3).join('; ') } : {}),
    };
    out.set(n.id, computed);
    return computed;
  };
  for (const n of nodes) visit(n, new Set());
  return out;
}

/** Recomputes one topology's statuses from the database; returns the rows it changed. */
export async function refreshHealth(pool: pg.Pool, topologyId: string): Promise<number> {
  const { rows } = await pool.query<Node>(
    `SELECT c.id, c.parent_id, c.name, c.type, c.own_status, c.status, c.health, c.status_reason,
       c.status_expr, c.health_expr, c.properties, c.summary,
       (SELECT jsonb_object_agg(s, n) FROM (
          SELECT CASE WHEN k.status = 'healthy' THEN 'healthy' WHEN k.status = 'unhealthy' THEN 'unhealthy' ELSE 'unknown' END AS s,
            count(*)::int AS n
          FROM check_component_relationships r JOIN checks k ON k.id = r.check_id
          WHERE r.component_id = c.id AND r.deleted_at IS NULL AND k.deleted_at IS NULL GROUP BY 1) x) AS checks,
       (SELECT jsonb_object_agg(h, n) FROM (
          SELECT coalesce(ci.health, 'unknown') AS h, count(*)::int AS n
          FROM config_component_relationships r JOIN config_items ci ON ci.id = r.config_id
          WHERE r.component_id = c.id AND r.deleted_at IS NULL AND ci.deleted_at IS NULL GROUP BY 1) y) AS configs
     FROM components c WHERE c.topology_id = $1 AND c.deleted_at IS NULL`,
    [topologyId],
  );
  const computed = rollup(rows);
  const updates = rows
    .map((n) => ({ n, c: computed.get(n.id) as Computed }))
    .filter(
      ({ n, c }) =>
        n.status !== c.status ||
        n.health !== c.status ||
        (n.status_reason ?? null) !== (c.reason ?? null) ||
        JSON.stringify(sortKeys(n.summary ?? {})) !== JSON.stringify(sortKeys(c.summary)),
    )
    .map(({ n, c }) => ({
      id: n.id,
      status: c.status,
      summary: c.summary,
      reason: c.reason ?? null,
    }));
  if (!updates.length) return 0;
  await pool.query(
    `UPDATE components c SET status = u.status, health = u.status, summary = u.summary, status_reason = u.reason
     FROM jsonb_to_recordset($1::jsonb) AS u (id uuid, status text, summary jsonb, reason text)
     WHERE c.id = u.id`,
    [JSON.stringify(updates)],
  );
  return updates.length;
}
