import {
  GraphComponent,
  ModelKind,
  SVGDefs,
  observer,
  withPanZoom,
  type ComponentFactory,
  type Edge,
  type GraphElement,
  type Node,
} from '@patternfly/react-topology';
import { useContext, type KeyboardEvent } from 'react';
import { edgePath } from './edgePath';
import { GraphActionsContext } from './graphActions';
import type { BorderColor, ConfigGraphNode, GroupGraphNode } from './graphModel';
import { CONFIG_NODE, GROUP_NODE, RELATION_EDGE, type RelationEdgeData } from './topologyModel';

/** Border colours of unhealthy (red) and warning (orange) nodes. */
export const BORDER_COLORS: Record<BorderColor, string> = {
  red: 'var(--pf-t--global--border--color--status--danger--default, #b1380b)',
  orange: 'var(--pf-t--global--border--color--status--warning--default, #dca614)',
};
const PLAIN_BORDER = 'var(--pf-t--global--border--color--default, #c7c7c7)';
const CURRENT_HALO = 'var(--pf-t--global--border--color--clicked, #0066cc)';
const FILL = 'var(--pf-t--global--background--color--primary--default, #ffffff)';
const CURRENT_FILL = 'var(--pf-t--global--color--nonstatus--blue--default, #e0f0ff)';
const DELETED_FILL = 'var(--pf-t--global--background--color--disabled--default, #e0e0e0)';
const TEXT = 'var(--pf-t--global--text--color--regular, #151515)';
const SUBTLE_TEXT = 'var(--pf-t--global--text--color--subtle, #4d4d4d)';
const EDGE_COLOR = 'var(--pf-t--global--border--color--hover, #8a8d90)';
const ARROW_ID = 'vigil-relation-arrow';

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function onActivate(action: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      action();
    }
  };
}

const ConfigNodeView = observer(({ element }: { element: GraphElement }) => {
  const node = element as Node;
  const data = node.getData() as ConfigGraphNode;
  const { width, height } = node.getDimensions();
  const { openConfig } = useContext(GraphActionsContext);
  const { config } = data;
  const name = config.name || config.id;
  const status = [config.health, config.status].filter(Boolean).join(' · ');
  const open = () => openConfig(config.id);
  return (
    <g
      role="link"
      tabIndex={0}
      aria-label={`${name} (${config.type})`}
      aria-current={data.current ? 'page' : undefined}
      data-border={data.border ?? 'none'}
      data-deleted={data.deleted || undefined}
      style={{ cursor: 'pointer', opacity: data.deleted ? 0.55 : 1 }}
      onClick={open}
      onKeyDown={onActivate(open)}
    >
      <title>
        {[name, config.type, status, data.deleted ? 'deleted' : ''].filter(Boolean).join('\n')}
      </title>
      {data.current && (
        <rect
          x={-5}
          y={-5}
          width={width + 10}
          height={height + 10}
          rx={10}
          fill="none"
          stroke={CURRENT_HALO}
          strokeWidth={2}
        />
      )}
      <rect
        width={width}
        height={height}
        rx={6}
        fill={data.deleted ? DELETED_FILL : data.current ? CURRENT_FILL : FILL}
        stroke={data.border ? BORDER_COLORS[data.border] : PLAIN_BORDER}
        strokeWidth={data.border ? 3 : 1}
      />
      <text x={12} y={26} fill={TEXT} fontWeight={600} fontSize={14}>
        {clip(name, 28)}
      </text>
      <text x={12} y={46} fill={SUBTLE_TEXT} fontSize={12}>
        {clip(data.deleted ? `${config.type} · deleted` : config.type, 34)}
      </text>
    </g>
  );
});

const GroupNodeView = observer(({ element }: { element: GraphElement }) => {
  const node = element as Node;
  const data = node.getData() as GroupGraphNode;
  const { width, height } = node.getDimensions();
  const { toggleGroup } = useContext(GraphActionsContext);
  const count = data.members.length;
  const toggle = () => toggleGroup(data.id, !data.expanded);
  return (
    <g
      role="button"
      tabIndex={0}
      aria-expanded={data.expanded}
      aria-label={`${count} ${data.type}`}
      data-border={data.border ?? 'none'}
      style={{ cursor: 'pointer' }}
      onClick={toggle}
      onKeyDown={onActivate(toggle)}
    >
      <title>{`${count} × ${data.type}: click to ${data.expanded ? 'collapse' : 'expand'}`}</title>
      <rect
        width={width}
        height={height}
        rx={height / 2}
        fill={FILL}
        stroke={data.border ? BORDER_COLORS[data.border] : PLAIN_BORDER}
        strokeWidth={data.border ? 3 : 1.5}
        strokeDasharray="6 4"
      />
      <text x={16} y={26} fill={TEXT} fontWeight={600} fontSize={14}>
        {clip(data.type, 28)}
      </text>
      <text x={16} y={46} fill={SUBTLE_TEXT} fontSize={12}>
        {`${count} configs · ${data.expanded ? '− collapse' : '+ expand'}`}
      </text>
    </g>
  );
});

const RelationEdgeView = observer(({ element }: { element: GraphElement }) => {
  const edge = element as Edge;
  const { style, direction } = edge.getData() as RelationEdgeData;
  const d = edgePath(style, direction, edge.getSource().getBounds(), edge.getTarget().getBounds());
  return (
    <>
      <SVGDefs id={ARROW_ID}>
        <marker
          id={ARROW_ID}
          viewBox="0 0 10 10"
          refX={10}
          refY={5}
          markerWidth={8}
          markerHeight={8}
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 z" fill={EDGE_COLOR} />
        </marker>
      </SVGDefs>
      <path
        d={d}
        data-edge={`${edge.getSource().getId()}->${edge.getTarget().getId()}`}
        fill="none"
        stroke={EDGE_COLOR}
        strokeWidth={1.5}
        markerEnd={`url(#${ARROW_ID})`}
      />
    </>
  );
});

const PanZoomGraph = withPanZoom()(GraphComponent);

/** Topology's components for the relationship graph's kinds of element. */
export const relationshipComponents: ComponentFactory = (kind, type) => {
  if (kind === ModelKind.graph) return PanZoomGraph;
  if (type === CONFIG_NODE) return ConfigNodeView;
  if (type === GROUP_NODE) return GroupNodeView;
  if (type === RELATION_EDGE) return RelationEdgeView;
  return undefined;
};
