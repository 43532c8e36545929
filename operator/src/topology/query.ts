import type pg from 'pg';
import type { Subject } from '../auth/policy.js';
import { scopeFilter } from '../auth/rowPolicy.js';
import { Sql } from '../http/routes/sql.js';
import type { ComponentSet } from './components.js';
import { Graph, type Node } from './graph.js';
import { loadComponents, type ScopeSql } from './queryLoad.js';
import type { TopologyParams } from './queryParams.js';
import { writeAnswer, type TopologyResponse } from './serialize.js';
import { comparator, sortTree } from './sort.js';
import { facets, filterFlat, filterTree, type Facets } from './tree.js';

/**
 * GET /api/canary/api/topology (docs/api/topology.md): one query loads the components the caller
 * may see, then the tree, summaries, filters and order are built from those rows.
 */

/** The caller's object-scoped Permissions on components, as a condition over a row alias. */
export function componentScope(subject: Subject, sql: Sql): ScopeSql {
  return (alias) =>
    scopeFilter(
      subject,
      'topologies',
      'read',
      'components',
      [{ kind: 'component', column: 'id' }],
      alias,
      (v) => sql.bind(v),
    );
}

export interface Answer {
  graph: Graph;
  components: Node[];
  facets: Facets;
}

/** The answer's tree (or flat list) from the loaded components. */
export function buildAnswer(set: ComponentSet, params: TopologyParams): Answer {
  const graph = new Graph(set);
  const roots = graph.roots(params.id);
  const shown = graph.within(roots, params.depth);
  const meta = facets(set, shown);
  const compare = comparator(set, params.sortBy, params.sortOrder);
  if (params.flatten) {
    const matching = shown
      .filter((i) => set.id[i] !== params.id && filterFlat(params, set, i))
      .sort(compare)
      .map((i) => ({ i, components: [] }));
    const first = params.id ? roots.map((i) => ({ i, components: [] })) : [];
    return { graph, components: [...first, ...matching], facets: meta };
  }
  const trees = roots.map((i) => graph.expand(i, params.depth));
  const exempt = params.id ? roots[0] : undefined;
  return {
    graph,
    components: sortTree(filterTree(params, set, trees, exempt), compare),
    facets: meta,
  };
}

/** Writes the answer as JSON text, in chunks, as the route sends it. */
export async function writeTopology(
  pool: pg.Pool,
  subject: Subject,
  params: TopologyParams,
  write: (chunk: string) => void,
): Promise<void> {
  const sql = new Sql();
  const set = await loadComponents(pool, sql, params, componentScope(subject, sql));
  const answer = buildAnswer(set, params);
  writeAnswer(answer.graph, answer.components, answer.facets, write);
}

export async function topologyQuery(
  pool: pg.Pool,
  subject: Subject,
  params: TopologyParams,
): Promise<TopologyResponse> {
  const chunks: string[] = [];
  await writeTopology(pool, subject, params, (c) => chunks.push(c));
  return JSON.parse(chunks.join('')) as TopologyResponse;
}
