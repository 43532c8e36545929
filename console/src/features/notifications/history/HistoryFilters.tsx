import { Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { TriStateFilter } from '../../../components/TriStateFilter/TriStateFilter';
import { HISTORY_RESOURCE_TYPES, HISTORY_STATUSES, historyStatusText } from './historyStatus';

const STATUS_ITEMS = HISTORY_STATUSES.map((value) => ({ value, label: historyStatusText(value) }));

export interface HistoryFilterValues {
  status: string;
  resource_type: string;
}

/** Status and resource type, each included or excluded value by value. */
export function HistoryFilters({
  value,
  onChange,
}: {
  value: HistoryFilterValues;
  onChange: (patch: Partial<HistoryFilterValues>) => void;
}) {
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <TriStateFilter
            label="Status"
            items={STATUS_ITEMS}
            value={value.status}
            onChange={(status) => onChange({ status })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <TriStateFilter
            label="Resource Type"
            items={HISTORY_RESOURCE_TYPES}
            value={value.resource_type}
            onChange={(resource_type) => onChange({ resource_type })}
          />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
