import {
  FormSelect,
  FormSelectOption,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { TimeRangePicker } from '../../../components/TimeRangePicker/TimeRangePicker';
import { playbookTitle } from '../types';
import { usePlaybookNames } from './api';
import { RUN_STATUSES, statusText } from './runStatus';
import { DEFAULT_RUNS_RANGE, type RunsState } from './runsUrlState';

/** The run list's filters: time range, status and playbook. */
export function RunsFilters({
  state,
  onChange,
}: {
  state: RunsState;
  onChange: (patch: Partial<RunsState>) => void;
}) {
  const playbooks = usePlaybookNames();
  const known = playbooks.some((p) => p.id === state.playbook);
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <TimeRangePicker
            value={state.range}
            recentStorageKey="vigil.playbookRuns.recentRanges"
            onChange={(range) => onChange({ range: range ?? DEFAULT_RUNS_RANGE })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Status"
            value={state.status}
            onChange={(_e, status) => onChange({ status })}
          >
            <FormSelectOption value="" label="All statuses" />
            {RUN_STATUSES.map((s) => (
              <FormSelectOption key={s} value={s} label={statusText(s)} />
            ))}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Playbook"
            value={state.playbook}
            onChange={(_e, playbook) => onChange({ playbook })}
          >
            <FormSelectOption value="" label="All playbooks" />
            {/* A playbook given in the URL stays chosen while the names load. */}
            {state.playbook && !known && (
              <FormSelectOption value={state.playbook} label={state.playbook} />
            )}
            {playbooks.map((p) => (
              <FormSelectOption key={p.id} value={p.id} label={playbookTitle(p)} />
            ))}
          </FormSelect>
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
