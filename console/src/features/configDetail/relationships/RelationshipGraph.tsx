import {
  TopologyControlBar,
  TopologyView,
  Visualization,
  VisualizationProvider,
  VisualizationSurface,
  action,
  createTopologyControlButtons,
  defaultControlButtonsOptions,
} from '@patternfly/react-topology';
import { useEffect, useMemo, useState } from 'react';
import { GraphActionsContext, type GraphActions } from './graphActions';
import { relationshipComponents } from './GraphElements';
import { layoutGraph } from './graphLayout';
import { buildRelationshipGraph, type GraphConfig } from './graphModel';
import type { RelationshipOptions } from './options';
import { toTopologyModel } from './topologyModel';

const FIT_PADDING = 40;

export interface RelationshipGraphProps {
  /** The config itself and its related configs, as related_configs_recursive answers. */
  configs: readonly GraphConfig[];
  currentId: string;
  options: Pick<RelationshipOptions, 'direction' | 'edges'>;
  onOpenConfig: (id: string) => void;
}

/**
 * The Relationships graph: grouping and visibility (graphModel), dagre's layout memoised by the
 * graph's shape (graphLayout), drawn by topology with positions fixed. Each step is memoised on
 * what it reads, so an edge-style switch redraws edges only and a group toggle lays out only
 * what is visible; topology draws only the nodes in view.
 */
export function RelationshipGraph({
  configs,
  currentId,
  options,
  onOpenConfig,
}: RelationshipGraphProps) {
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const graph = useMemo(
    () => buildRelationshipGraph(configs, currentId, toggled),
    [configs, currentId, toggled],
  );
  const layout = useMemo(
    () => layoutGraph(graph.nodes, graph.edges, options.direction),
    [graph, options.direction],
  );
  const model = useMemo(
    () => toTopologyModel(graph, layout, options.edges, options.direction),
    [graph, layout, options.edges, options.direction],
  );

  // The first model goes in at once, so the surface has a graph to measure on its first render.
  const [controller] = useState(() => {
    const visualization = new Visualization();
    visualization.registerComponentFactory(relationshipComponents);
    visualization.fromModel(model, false);
    return visualization;
  });
  useEffect(() => {
    controller.fromModel(model, true);
  }, [controller, model]);
  // A new shape is brought into view; a restyle of the same shape keeps the user's zoom.
  useEffect(() => {
    action(() => controller.getGraph().fit(FIT_PADDING))();
  }, [controller, layout]);

  const actions = useMemo<GraphActions>(
    () => ({
      openConfig: onOpenConfig,
      toggleGroup: (id, expanded) => setToggled((prev) => new Map(prev).set(id, expanded)),
    }),
    [onOpenConfig],
  );
  const controlButtons = useMemo(
    () =>
      createTopologyControlButtons({
        ...defaultControlButtonsOptions,
        zoomInCallback: action(() => controller.getGraph().scaleBy(4 / 3)),
        zoomOutCallback: action(() => controller.getGraph().scaleBy(0.75)),
        fitToScreenCallback: action(() => controller.getGraph().fit(FIT_PADDING)),
        resetViewCallback: action(() => controller.getGraph().reset()),
        legend: false,
      }),
    [controller],
  );

  return (
    <GraphActionsContext.Provider value={actions}>
      <div
        role="region"
        aria-label="Relationship graph"
        style={{ height: '65vh', minHeight: 420, position: 'relative' }}
      >
        <VisualizationProvider controller={controller}>
          <TopologyView controlBar={<TopologyControlBar controlButtons={controlButtons} />}>
            <VisualizationSurface />
          </TopologyView>
        </VisualizationProvider>
      </div>
    </GraphActionsContext.Provider>
  );
}
