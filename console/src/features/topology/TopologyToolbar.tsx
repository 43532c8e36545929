import {
  Button,
  FormSelect,
  FormSelectOption,
  Slider,
  Toolbar,
  ToolbarContent,
  ToolbarGroup,
  ToolbarItem,
} from '@patternfly/react-core';
import { useSearchParams } from 'react-router';
import { TriStateFilter } from '../../components/TriStateFilter/TriStateFilter';
import { CARD_SIZE_WIDTHS, CARD_WIDTH_MAX, CARD_WIDTH_MIN, CARD_WIDTH_STEP } from './cardSize';
import { LabelsFilter } from './LabelsFilter';
import {
  HEALTH_VALUES,
  formatLabels,
  listToTriState,
  listValues,
  parseFilters,
  parseLabels,
  triStateToList,
  withFilter,
  type FilterKey,
} from './query';
import { SortControl, sortOptions } from './SortControl';
import type { TopologyAnswer } from './types';
import type { CardWidthState } from './useCardWidth';
import type { TopologySortState } from './useTopologySort';

export interface TopologyToolbarProps {
  /** The last answer, for the filters' choices. */
  answer: TopologyAnswer | undefined;
  /** Headline property names of the cards shown, offered as sorts. */
  propertyNames: readonly string[];
  sort: TopologySortState;
  width: CardWidthState;
}

const unique = (...lists: readonly (readonly string[] | undefined)[]) =>
  [...new Set(lists.flatMap((l) => l ?? []).filter(Boolean))].sort((a, b) => a.localeCompare(b));

/** The dashboard's filters and sort (kept in the query string) and the card width slider. */
export function TopologyToolbar({ answer, propertyNames, sort, width }: TopologyToolbarProps) {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const setFilter = (key: FilterKey, value: string) =>
    setParams((current) => withFilter(current, key, value));

  const types = unique(answer?.types, listValues(filters.type));
  const healths = unique([...HEALTH_VALUES], answer?.healthStatuses, listValues(filters.status));
  const teams = unique(answer?.teams, filters.team ? [filters.team] : []);
  const labels = unique(
    Object.entries(answer?.tags ?? {}).flatMap(([key, values]) =>
      (Array.isArray(values) ? values : []).map((value) => `${key}=${value}`),
    ),
  );

  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarGroup variant="filter-group">
          <ToolbarItem>
            <TriStateFilter
              label="Type"
              items={types.map((value) => ({ value }))}
              value={listToTriState(filters.type)}
              onChange={(encoded) => setFilter('type', triStateToList(encoded))}
            />
          </ToolbarItem>
          <ToolbarItem>
            <TriStateFilter
              label="Health"
              items={healths.map((value) => ({ value }))}
              value={listToTriState(filters.status)}
              onChange={(encoded) => setFilter('status', triStateToList(encoded))}
            />
          </ToolbarItem>
          <ToolbarItem>
            <FormSelect
              aria-label="Team"
              value={filters.team}
              onChange={(_e, team) => setFilter('team', team)}
            >
              <FormSelectOption value="" label="All teams" />
              {teams.map((team) => (
                <FormSelectOption key={team} value={team} label={team} />
              ))}
            </FormSelect>
          </ToolbarItem>
          <ToolbarItem>
            <LabelsFilter
              options={labels}
              value={parseLabels(filters.labels)}
              onChange={(chosen) => setFilter('labels', formatLabels(chosen))}
            />
          </ToolbarItem>
        </ToolbarGroup>
        <ToolbarItem>
          <SortControl
            sort={sort.sort}
            options={sortOptions(propertyNames, sort.sort.sortBy)}
            onChange={sort.setSort}
          />
        </ToolbarItem>
        <ToolbarItem alignItems="center">
          <span id="topology-card-width" style={{ marginInlineEnd: '0.75rem' }}>
            Card width
          </span>
          {/* The slider takes its container's width: without one it collapses to its thumb. */}
          <div style={{ width: 220 }}>
            <Slider
              min={CARD_WIDTH_MIN}
              max={CARD_WIDTH_MAX}
              step={CARD_WIDTH_STEP}
              value={width.width ?? CARD_SIZE_WIDTHS.medium}
              showBoundaries={false}
              aria-labelledby="topology-card-width"
              thumbAriaLabel="Card width"
              onChange={(_event, value) => width.setWidth(value)}
            />
          </div>
        </ToolbarItem>
        {width.width !== undefined && (
          <ToolbarItem>
            {/* Back to each component's own size (small, medium, large or extra large). */}
            <Button variant="link" isInline onClick={() => width.setWidth(undefined)}>
              Reset card width
            </Button>
          </ToolbarItem>
        )}
      </ToolbarContent>
    </Toolbar>
  );
}
