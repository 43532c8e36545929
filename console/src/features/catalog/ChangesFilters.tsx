import {
  FormSelect,
  FormSelectOption,
  Label,
  LabelGroup,
  Switch,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { TimeRangePicker } from '../../components/TimeRangePicker/TimeRangePicker';
import { TriStateFilter } from '../../components/TriStateFilter/TriStateFilter';
import { DEFAULT_RANGE, FREE_FILTERS, type ChangesState, type FreeFilter } from './changesUrlState';
import { ConfigTypeSelect } from './ConfigTypeSelect';
import { useChangeTypes, useConfigTags, useConfigTypes } from './filterOptionsApi';

/** Spec 002 §9: the severity filter's choices; a change at least this severe is listed. */
export const SEVERITY_CHOICES = [
  { value: '', label: 'All' },
  { value: 'critical', label: 'critical' },
  { value: 'high', label: 'high' },
  { value: 'medium', label: 'medium' },
  { value: 'low', label: 'low' },
  { value: 'info', label: 'Info' },
] as const;

export const FREE_FILTER_LABELS: Record<FreeFilter, string> = {
  id: 'Config',
  summary: 'Summary',
  source: 'Source',
  created_by: 'Created By',
  external_created_by: 'Created By',
};

export function ChangesFilters(props: {
  state: ChangesState;
  onChange: (patch: Partial<ChangesState>) => void;
  hideDeleted: boolean;
  onHideDeleted: (on: boolean) => void;
  /** How a free filter's value reads (a person's name for created_by). */
  freeFilterText: (key: FreeFilter, value: string) => string;
}) {
  const { state, onChange } = props;
  const types = useConfigTypes();
  const changeTypes = useChangeTypes();
  const tags = useConfigTags();
  const active = FREE_FILTERS.filter((key) => state[key]);
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <TimeRangePicker
            value={state.range}
            recentStorageKey="vigil.catalogChanges.recentRanges"
            onChange={(range) => onChange({ range: range ?? DEFAULT_RANGE })}
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
            label="Change Type"
            items={changeTypes.map((value) => ({ value }))}
            value={state.changeType}
            onChange={(changeType) => onChange({ changeType })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Severity"
            value={state.severity}
            onChange={(_event, severity) => onChange({ severity })}
          >
            {SEVERITY_CHOICES.map((c) => (
              <FormSelectOption key={c.value} value={c.value} label={c.label} />
            ))}
          </FormSelect>
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
        <ToolbarItem alignSelf="center">
          <Switch
            id="changes-hide-deleted"
            label="Hide Deleted"
            isChecked={props.hideDeleted}
            onChange={(_event, on) => props.onHideDeleted(on)}
          />
        </ToolbarItem>
        {active.length > 0 && (
          <ToolbarItem alignSelf="center">
            <LabelGroup categoryName="Filters" aria-label="Filters">
              {active.map((key) => (
                <Label
                  key={key}
                  onClose={() => onChange({ [key]: '' })}
                  closeBtnAriaLabel={`Remove the ${FREE_FILTER_LABELS[key]} filter`}
                >
                  {FREE_FILTER_LABELS[key]}: {props.freeFilterText(key, state[key])}
                </Label>
              ))}
            </LabelGroup>
          </ToolbarItem>
        )}
      </ToolbarContent>
    </Toolbar>
  );
}
