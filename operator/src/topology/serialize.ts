import type { Graph, Node } from './graph.js';
import type { Summary } from './summary.js';
import type { Facets } from './tree.js';

/**
 * The topology answer as JSON text, spliced from each component's JSON (written once when it
 * was loaded) and its summary: no object per node is built, then stringified again.
 */

/** A component as the answer gives it (docs/api/topology.md), once parsed. */
export interface TopologyNode {
  id: string;
  name: string;
  status: string;
  type?: string;
  parent_id?: string;
  labels?: Record<string, string>;
  team_names?: string[];
  children: string[];
  parents: string[];
  summary: Summary;
  is_leaf: boolean;
  components: TopologyNode[];
  [key: string]: unknown;
}

export interface TopologyResponse extends Facets {
  components: TopologyNode[];
}

/** Pieces per chunk: chunks of some 100 kB, small enough to stay out of the large-object heap. */
const CHUNK = 400;

/**
 * Writes the answer as JSON text in chunks (each one flat string), so that no answer of many
 * megabytes is ever held, or encoded, as one string.
 */
export function writeAnswer(
  graph: Graph,
  nodes: readonly Node[],
  facets: Facets,
  write: (chunk: string) => void,
): void {
  const summaries: (string | undefined)[] = [];
  const summary = (i: number) => (summaries[i] ??= summaryJson(graph.summary(i)));
  let out: string[] = ['{"components":['];
  const flush = () => {
    write(out.join(''));
    out = [];
  };
  const node = (n: Node) => {
    out.push(
      graph.set.prefix[n.i] as string,
      ',"summary":',
      summary(n.i),
      graph.isLeaf(n.i) ? ',"is_leaf":true,"components":[' : ',"is_leaf":false,"components":[',
    );
    if (out.length >= CHUNK) flush();
    n.components.forEach((c, k) => {
      if (k) out.push(',');
      node(c);
    });
    out.push(']}');
  };
  nodes.forEach((n, k) => {
    if (k) out.push(',');
    node(n);
  });
  out.push(
    '],"healthStatuses":',
    JSON.stringify(facets.healthStatuses),
    ',"teams":',
    JSON.stringify(facets.teams),
    ',"types":',
    JSON.stringify(facets.types),
    ',"tags":',
    JSON.stringify(facets.tags),
    '}',
  );
  flush();
}

/** The answer as one JSON text. */
export function answerJson(graph: Graph, nodes: readonly Node[], facets: Facets): string {
  const chunks: string[] = [];
  writeAnswer(graph, nodes, facets, (c) => chunks.push(c));
  return chunks.join('');
}

function summaryJson(s: Summary): string {
  let out = `{"healthy":${s.healthy},"unhealthy":${s.unhealthy},"warning":${s.warning},"info":${s.info}`;
  if (s.incidents) out += `,"incidents":${JSON.stringify(s.incidents)}`;
  if (s.insights) out += `,"insights":${JSON.stringify(s.insights)}`;
  if (s.checks) out += `,"checks":${JSON.stringify(s.checks)}`;
  return `${out}}`;
}

/** The number of nodes in a tree. */
export const countNodes = (nodes: readonly Node[]): number =>
  nodes.reduce((n, c) => n + 1 + countNodes(c.components), 0);
