import { Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { TriStateFilter } from '../../components/TriStateFilter/TriStateFilter';
import { AgentSelect } from './AgentSelect';
import type { CatalogListState } from './catalogUrlState';
import { ConfigTypeSelect } from './ConfigTypeSelect';
import {
  tagKeys,
  useAgentOptions,
  useConfigLabels,
  useConfigStatuses,
  useConfigTags,
  useConfigTypes,
} from './filterOptionsApi';
import { GroupBySelect } from './GroupBySelect';
import { SearchField } from './SearchField';

/** Spec 002 §3: the health values. */
export const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** The catalog list's search, filters and grouping; every one is kept in the URL. */
export function CatalogFilters(props: {
  state: CatalogListState;
  onChange: (patch: Partial<CatalogListState>) => void;
}) {
  const { state, onChange } = props;
  const types = useConfigTypes();
  const labels = useConfigLabels();
  const tags = useConfigTags();
  const statuses = useConfigStatuses();
  const agents = useAgentOptions();
  // With this Vigil as the only source there is nothing to choose between.
  const showAgents = agents.length > 1 || state.agent !== '';
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <SearchField
            label="Search catalog"
            value={state.search}
            onCommit={(search) => onChange({ search })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <ConfigTypeSelect
            value={state.configType}
            types={types}
            onChange={(configType) => onChange({ configType })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <TriStateFilter
            label="Labels"
            items={labels}
            value={state.labels}
            onChange={(value) => onChange({ labels: value })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <TriStateFilter
            label="Tags"
            items={tags}
            value={state.tags}
            tagMode
            onChange={(value) => onChange({ tags: value })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <TriStateFilter
            label="Status"
            items={statuses.map((value) => ({ value }))}
            value={state.status}
            onChange={(value) => onChange({ status: value })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <TriStateFilter
            label="Health"
            items={HEALTH_VALUES.map((value) => ({ value }))}
            value={state.health}
            onChange={(value) => onChange({ health: value })}
          />
        </ToolbarItem>
        {showAgents && (
          <ToolbarItem>
            <AgentSelect
              value={state.agent}
              agents={agents}
              onChange={(agent) => onChange({ agent })}
            />
          </ToolbarItem>
        )}
        <ToolbarItem>
          <GroupBySelect
            value={state.groupBy}
            tagKeys={tagKeys(tags)}
            onChange={(groupBy) => onChange({ groupBy })}
          />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
