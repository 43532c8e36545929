import {
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  TextInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { useState } from 'react';
import { useJobNames } from '../../components/JobHistory/api';
import {
  JOB_RESOURCE_TYPE_ITEMS,
  JOB_STATUS_ITEMS,
} from '../../components/JobHistory/jobResources';
import { TimeRangePicker } from '../../components/TimeRangePicker/TimeRangePicker';
import { TriStateFilter } from '../../components/TriStateFilter/TriStateFilter';
import { DURATION_CHOICES, validateDuration } from '../health/historyFilters';
import { DEFAULT_JOBS_RANGE, type JobsState } from './jobsUrlState';

const PRESETS = new Set<string>(DURATION_CHOICES.map((c) => c.value).filter((v) => v !== 'custom'));

/** The run-duration filter: All, a preset, or a typed minimum in ms or s (spec 001 §5, §9). */
function DurationFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (duration: string) => void;
}) {
  const [customOpen, setCustomOpen] = useState(() => !PRESETS.has(value));
  const [custom, setCustom] = useState(() => (PRESETS.has(value) ? '' : value));
  const result = validateDuration(custom);
  const choice = customOpen ? 'custom' : value;
  return (
    <>
      <ToolbarItem>
        <FormSelect
          aria-label="Duration"
          value={choice}
          onChange={(_e, next) => {
            setCustomOpen(next === 'custom');
            if (next === 'custom') onChange(result.value ?? '');
            else onChange(next);
          }}
        >
          {DURATION_CHOICES.map((c) => (
            <FormSelectOption
              key={c.value}
              value={c.value}
              label={
                c.value === '' ? 'Any duration' : c.value === 'custom' ? c.label : `≥ ${c.label}`
              }
            />
          ))}
        </FormSelect>
      </ToolbarItem>
      {customOpen && (
        <ToolbarItem>
          <FormGroup fieldId="jobs-duration">
            <TextInput
              id="jobs-duration"
              aria-label="Custom duration"
              placeholder="e.g. 250ms or 2s"
              value={custom}
              validated={result.error ? 'error' : 'default'}
              onChange={(_e, text) => {
                setCustom(text);
                const typed = validateDuration(text);
                // An invalid value is not applied: the list keeps the last valid filter.
                if (!typed.error) onChange(typed.value ?? '');
              }}
            />
            {result.error && (
              <FormHelperText>
                <HelperText>
                  <HelperTextItem variant="error">{result.error}</HelperTextItem>
                </HelperText>
              </FormHelperText>
            )}
          </FormGroup>
        </ToolbarItem>
      )}
    </>
  );
}

/** Job Name, Resource Type, Status, run duration and time range (spec 001 "Job History page"). */
export function JobsFilters({
  state,
  onChange,
}: {
  state: JobsState;
  onChange: (patch: Partial<JobsState>) => void;
}) {
  const { names } = useJobNames();
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <TriStateFilter
            label="Job Name"
            items={names.map((value) => ({ value }))}
            value={state.name}
            onChange={(name) => onChange({ name })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <TriStateFilter
            label="Resource Type"
            items={JOB_RESOURCE_TYPE_ITEMS}
            value={state.resourceType}
            onChange={(resourceType) => onChange({ resourceType })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <TriStateFilter
            label="Status"
            items={JOB_STATUS_ITEMS}
            value={state.status}
            onChange={(status) => onChange({ status })}
          />
        </ToolbarItem>
        <DurationFilter value={state.duration} onChange={(duration) => onChange({ duration })} />
        <ToolbarItem>
          <TimeRangePicker
            value={state.range}
            recentStorageKey="vigil.jobs.recentRanges"
            onChange={(range) => onChange({ range: range ?? DEFAULT_JOBS_RANGE })}
          />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
