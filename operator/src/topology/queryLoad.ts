import pg from 'pg';
import type { Sql } from '../http/routes/sql.js';
import { ComponentSet, componentColumnsSql } from './components.js';
import type { TopologyParams } from './queryParams.js';

/**
 * The one query of the topology call: the components the answer can show — the root(s) and
 * their descendants through parent_id and component_relationships, down to `depth` levels plus
 * the 10 more their summaries count — each with the columns the answer gives and its own check,
 * incident and insight counts from the *_by_component views. Deleted components, components an
 * object-scoped Permission hides and (unless asked for) components marked hidden are neither
 * loaded nor walked through, so their subtrees are left out with them.
 */

/** Levels below a component that its summary counts. */
export const SUMMARY_LEVELS = 10;

/** A condition over the component row `alias` from the caller's object-scoped Permissions. */
export type ScopeSql = (alias: string) => string | undefined;

/**
 * The owning teams, relationship ids and check, incident and insight counts of the component
 * row `c`, each aggregated once and joined (cheaper than a subquery per row); relationship ids
 * only of components `visible` allows.
 */
export function componentLinksSql(c: string, visible: ScopeSql): string {
  const rel = (self: string, other: string, as: string, alias: string) => {
    const scope = visible('x');
    return `LEFT JOIN (
        SELECT r.${self} AS id, array_agg(DISTINCT r.${other} ORDER BY r.${other}) AS ${as}
        FROM component_relationships r JOIN components x ON x.id = r.${other}
        WHERE r.deleted_at IS NULL AND x.deleted_at IS NULL${scope ? ` AND ${scope}` : ''}
        GROUP BY 1) ${alias} ON ${alias}.id = ${c}.id`;
  };
  return `LEFT JOIN (
        SELECT tc.component_id, array_agg(t.name ORDER BY t.name) AS team_names
        FROM team_components tc JOIN teams t ON t.id = tc.team_id
        WHERE t.deleted_at IS NULL GROUP BY 1) tn ON tn.component_id = ${c}.id
      ${rel('relationship_id', 'component_id', 'children', 'kids')}
      ${rel('component_id', 'relationship_id', 'parents', 'ups')}
      LEFT JOIN check_summary_by_component cs ON cs.component_id = ${c}.id
      LEFT JOIN incident_summary_by_component inc ON inc.id = ${c}.id
      LEFT JOIN analysis_summary_by_component an ON an.id = ${c}.id`;
}

/**
 * The component named by id is in the subtree of its parent_id ancestors: when a Permission hides
 * one of them, it is hidden too.
 */
function hiddenAncestors(visible: ScopeSql): string {
  const scope = visible('a');
  if (!scope) return '';
  return ` AND NOT EXISTS (
      WITH RECURSIVE up(id, n) AS (
        SELECT c.parent_id, 1 WHERE c.parent_id IS NOT NULL
        UNION ALL
        SELECT a.parent_id, up.n + 1 FROM up JOIN components a ON a.id = up.id
        WHERE a.parent_id IS NOT NULL AND up.n < 64)
      SELECT 1 FROM up JOIN components a ON a.id = up.id WHERE NOT coalesce((${scope}), false))`;
}

export function loadQuery(sql: Sql, params: TopologyParams, visible: ScopeSql): string {
  const shown = (c: string, root: boolean) => {
    const conds = [`${c}.deleted_at IS NULL`];
    // The component named by id is shown even when marked hidden: it was asked for by id.
    if (!params.hidden && !(root && params.id)) conds.push(`NOT ${c}.hidden`);
    if (params.agentId) conds.push(`${c}.agent_id = ${sql.bind(params.agentId)}::uuid`);
    const scope = visible(c);
    if (scope) conds.push(`(${scope})`);
    return conds.join(' AND ');
  };
  const select = `SELECT ${componentColumnsSql('c')}`;
  const links = componentLinksSql('c', visible);
  // Without id every root's tree is wanted, which is nearly every component: read them all in
  // one pass (the tree is walked in memory; what no root reaches is left out there).
  if (!params.id) return `${select} FROM components c ${links} WHERE ${shown('c', false)}`;
  const levels = sql.bind(params.depth + SUMMARY_LEVELS);
  return `WITH RECURSIVE walk(id, level) AS (
      SELECT c.id, 0 FROM components c
      WHERE c.id = ${sql.bind(params.id)}::uuid AND ${shown('c', true)}${hiddenAncestors(visible)}
      UNION
      SELECT c.id, w.level + 1
      FROM walk w
      JOIN (
        SELECT x.parent_id AS parent, x.id AS child FROM components x WHERE x.parent_id IS NOT NULL
        UNION ALL
        SELECT r.relationship_id, r.component_id FROM component_relationships r WHERE r.deleted_at IS NULL
      ) e ON e.parent = w.id
      JOIN components c ON c.id = e.child
      WHERE w.level < ${levels}::int AND ${shown('c', false)}
    )
    ${select} FROM (SELECT DISTINCT id FROM walk) l JOIN components c ON c.id = l.id ${links}`;
}

/** Every column as the text the server sent: components.ts reads what it needs. */
export const RAW_TEXT = { getTypeParser: () => (value: string) => value };

/**
 * Runs the query, reading each row into the set as it arrives: rows are not collected first,
 * so they die young instead of surviving (and being copied by) the garbage collector.
 */
export async function loadComponents(
  pool: pg.Pool,
  sql: Sql,
  params: TopologyParams,
  visible: ScopeSql,
): Promise<ComponentSet> {
  const set = new ComponentSet();
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const query = client.query(
        new pg.Query({
          text: loadQuery(sql, params, visible),
          values: sql.params,
          rowMode: 'array',
          types: RAW_TEXT,
        } as pg.QueryConfig),
      );
      query.on('row', (row: (string | null)[]) => set.add(row));
      query.on('end', () => resolve());
      query.on('error', reject);
    });
  } catch (error) {
    // An error the server reported leaves the connection usable; any other may not.
    if (!(error instanceof pg.DatabaseError)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
  return set;
}
