import { Button, Flex, FlexItem, FormSelect, FormSelectOption } from '@patternfly/react-core';
import { SortAmountDownIcon, SortAmountUpIcon } from '@patternfly/react-icons';
import { FIELD_SORT_PREFIX, type TopologySort } from './query';

export interface SortOption {
  value: string;
  label: string;
}

const STANDARD: readonly SortOption[] = [
  { value: 'status', label: 'Health' },
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
];

/** Health, name, type, then the headline properties of the cards shown (`field:<name>`). */
export function sortOptions(propertyNames: readonly string[], current: string): SortOption[] {
  const fields = [...new Set(propertyNames)].map((name) => ({
    value: `${FIELD_SORT_PREFIX}${name}`,
    label: name,
  }));
  const options = [...STANDARD, ...fields];
  if (!options.some((o) => o.value === current)) {
    options.push({ value: current, label: current.replace(FIELD_SORT_PREFIX, '') });
  }
  return options;
}

export function SortControl(props: {
  sort: TopologySort;
  options: readonly SortOption[];
  onChange: (sort: TopologySort) => void;
}) {
  const { sort, options, onChange } = props;
  const descending = sort.sortOrder === 'desc';
  return (
    <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapXs' }}>
      <FlexItem>
        <FormSelect
          aria-label="Sort by"
          value={sort.sortBy}
          onChange={(_e, sortBy) => onChange({ ...sort, sortBy })}
        >
          {options.map((o) => (
            <FormSelectOption key={o.value} value={o.value} label={`Sort by ${o.label}`} />
          ))}
        </FormSelect>
      </FlexItem>
      <FlexItem>
        <Button
          variant="plain"
          aria-label={descending ? 'Sorted descending' : 'Sorted ascending'}
          title={descending ? 'Descending: click for ascending' : 'Ascending: click for descending'}
          icon={descending ? <SortAmountDownIcon /> : <SortAmountUpIcon />}
          onClick={() => onChange({ ...sort, sortOrder: descending ? 'asc' : 'desc' })}
        />
      </FlexItem>
    </Flex>
  );
}
