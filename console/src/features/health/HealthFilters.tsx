import {
  Flex,
  FormSelect,
  FormSelectOption,
  SearchInput,
  Stack,
  StackItem,
  Switch,
  Title,
  ToggleGroup,
  ToggleGroupItem,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useEffect, useRef, useState } from 'react';
import { TimeRangePicker } from '../../components/TimeRangePicker/TimeRangePicker';
import type { TimeRange } from '../../lib/timeRange';
import { decodeTriState, encodeTriState } from '../../lib/triState';
import type { TriStateMap } from '../../lib/triState';
import { TriStateFilter } from '../../components/TriStateFilter/TriStateFilter';
import type { Choice, LabelFilterGroup } from './checks';
import type { Layout } from './urlState';

export const SEARCH_PLACEHOLDER = 'Search by name, description, or endpoint';
export const SEARCH_DEBOUNCE_MS = 400;

/** The label filter entries of one key. */
function entriesOf(labels: TriStateMap, key: string): TriStateMap {
  const prefix = `${key}=`;
  return Object.fromEntries(Object.entries(labels).filter(([pair]) => pair.startsWith(prefix)));
}

/** Replaces one key's entries in the whole label filter. */
export function withKeyEntries(
  labels: TriStateMap,
  key: string,
  entries: TriStateMap,
): TriStateMap {
  const prefix = `${key}=`;
  const others = Object.entries(labels).filter(([pair]) => !pair.startsWith(prefix));
  return { ...Object.fromEntries(others), ...entries };
}

export interface FilterSidebarProps {
  hidePassing: boolean;
  onHidePassing: (hide: boolean) => void;
  labelGroups: readonly LabelFilterGroup[];
  labels: TriStateMap;
  onLabels: (labels: TriStateMap) => void;
}

/** Left sidebar: Hide Passing and one include/exclude filter per label key. */
export function FilterSidebar(props: FilterSidebarProps) {
  const { hidePassing, onHidePassing, labelGroups, labels, onLabels } = props;
  return (
    <Stack hasGutter>
      <StackItem>
        <Switch
          id="health-hide-passing"
          label="Hide Passing"
          isChecked={hidePassing}
          onChange={(_event, checked) => onHidePassing(checked)}
        />
      </StackItem>
      {labelGroups.length > 0 && (
        <StackItem>
          <Title headingLevel="h3" size="md">
            Labels
          </Title>
        </StackItem>
      )}
      {labelGroups.map((group) => (
        <StackItem key={group.key}>
          <TriStateFilter
            label={group.key}
            items={group.items}
            value={encodeTriState(entriesOf(labels, group.key))}
            onChange={(encoded) =>
              onLabels(withKeyEntries(labels, group.key, decodeTriState(encoded)))
            }
          />
        </StackItem>
      ))}
    </Stack>
  );
}

/**
 * The search box: typing is local, the URL's `query` follows 400 ms after the last keystroke.
 * A query changed from outside (back button) replaces the text.
 */
export function SearchBox({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  }, [onCommit]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => commit.current(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <SearchInput
      aria-label="Search checks"
      placeholder={SEARCH_PLACEHOLDER}
      value={draft}
      onChange={(_event, text) => setDraft(text)}
      onClear={() => setDraft('')}
      style={{ minWidth: '22rem' }}
    />
  );
}

export interface FilterBarProps {
  query: string;
  onQuery: (query: string) => void;
  groupBy: string;
  groupByChoices: readonly Choice[];
  onGroupBy: (groupBy: string) => void;
  tabBy: string;
  tabByChoices: readonly Choice[];
  onTabBy: (tabBy: string) => void;
  layout: Layout;
  onLayout: (layout: Layout) => void;
  timeRange: TimeRange;
  onTimeRange: (range: TimeRange | undefined) => void;
}

function ChoiceSelect(props: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  const known = props.choices.some((c) => c.value === props.value);
  return (
    <FormSelect
      aria-label={props.label}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
    >
      {props.choices.map((choice) => (
        <FormSelectOption key={choice.value} value={choice.value} label={choice.label} />
      ))}
      {/* A label key from the URL that no loaded check has (yet) stays selectable. */}
      {!known && <FormSelectOption value={props.value} label={props.value} />}
    </FormSelect>
  );
}

export function FilterBar(props: FilterBarProps) {
  return (
    <Toolbar inset={{ default: 'insetNone' }}>
      <ToolbarContent>
        <ToolbarItem>
          <SearchBox value={props.query} onCommit={props.onQuery} />
        </ToolbarItem>
        <ToolbarItem>
          <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
            <span aria-hidden>Group By</span>
            <ChoiceSelect
              label="Group By"
              value={props.groupBy}
              choices={props.groupByChoices}
              onChange={props.onGroupBy}
            />
          </Flex>
        </ToolbarItem>
        <ToolbarItem>
          <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
            <span aria-hidden>Tab By</span>
            <ChoiceSelect
              label="Tab By"
              value={props.tabBy}
              choices={props.tabByChoices}
              onChange={props.onTabBy}
            />
          </Flex>
        </ToolbarItem>
        <ToolbarItem>
          <TimeRangePicker
            value={props.timeRange}
            onChange={props.onTimeRange}
            recentStorageKey="vigil.health.recentRanges"
          />
        </ToolbarItem>
        <ToolbarItem>
          <ToggleGroup aria-label="Layout">
            <ToggleGroupItem
              text="Table"
              buttonId="health-layout-table"
              isSelected={props.layout === 'table'}
              onChange={() => props.onLayout('table')}
            />
            <ToggleGroupItem
              text="Card"
              buttonId="health-layout-card"
              isSelected={props.layout === 'card'}
              onChange={() => props.onLayout('card')}
            />
          </ToggleGroup>
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
