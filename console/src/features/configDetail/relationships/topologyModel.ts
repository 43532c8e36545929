import type { Model } from '@patternfly/react-topology';
import type { GraphLayout } from './graphLayout';
import { NODE_HEIGHT, NODE_WIDTH } from './graphLayout';
import type { GraphNode, RelationshipGraph } from './graphModel';
import type { EdgeStyle, GraphDirection } from './options';

export const GRAPH_ID = 'config-relationships';
export const CONFIG_NODE = 'config';
export const GROUP_NODE = 'config-group';
export const RELATION_EDGE = 'relation';

export interface RelationEdgeData {
  style: EdgeStyle;
  direction: GraphDirection;
}

/** The laid-out graph as topology's model: positions fixed, so topology runs no layout. */
export function toTopologyModel(
  graph: RelationshipGraph,
  layout: GraphLayout,
  style: EdgeStyle,
  direction: GraphDirection,
): Model {
  const edgeData: RelationEdgeData = { style, direction };
  return {
    graph: { id: GRAPH_ID, type: 'graph' },
    nodes: graph.nodes.map((node: GraphNode) => {
      const at = layout.positions.get(node.id) ?? { x: 0, y: 0 };
      return {
        id: node.id,
        type: node.kind === 'group' ? GROUP_NODE : CONFIG_NODE,
        label: node.kind === 'group' ? node.type : node.config.name || node.id,
        x: at.x,
        y: at.y,
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        data: node,
      };
    }),
    edges: graph.edges.map((edge) => ({
      id: edge.id,
      type: RELATION_EDGE,
      source: edge.source,
      target: edge.target,
      data: edgeData,
    })),
  };
}
