import {
  FormSelect,
  FormSelectOption,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { SEVERITY_CHOICES } from './ChangesFilters';
import { ConfigTypeSelect } from './ConfigTypeSelect';
import { useAnalyzers, useComponents, useConfigTypes } from './filterOptionsApi';
import type { InsightsQuery } from './insightsApi';

function Choice(props: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const known = props.value === '' || props.options.some((o) => o.value === props.value);
  return (
    <FormSelect
      aria-label={props.label}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      style={{ minWidth: '10rem' }}
    >
      <FormSelectOption
        value=""
        label={`All ${props.label === 'Analyzer' ? 'analyzers' : props.label === 'Component' ? 'components' : ''}`.trim()}
      />
      {props.options.map((o) => (
        <FormSelectOption key={o.value} value={o.value} label={o.label} />
      ))}
      {!known && <FormSelectOption value={props.value} label={props.value} />}
    </FormSelect>
  );
}

/** Config Type, Severity, Analyzer and Component (spec 002 §2 'Catalog insights'). */
export function InsightsFilters(props: {
  state: InsightsQuery;
  onChange: (patch: Partial<InsightsQuery>) => void;
}) {
  const { state, onChange } = props;
  const types = useConfigTypes();
  const analyzers = useAnalyzers();
  const components = useComponents();
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <ConfigTypeSelect
            value={state.configType}
            types={types}
            onChange={(configType) => onChange({ configType })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <Choice
            label="Severity"
            value={state.severity}
            options={SEVERITY_CHOICES.filter((c) => c.value)}
            onChange={(severity) => onChange({ severity })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <Choice
            label="Analyzer"
            value={state.analyzer}
            options={analyzers.map((a) => ({ value: a, label: a }))}
            onChange={(analyzer) => onChange({ analyzer })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <Choice
            label="Component"
            value={state.component}
            options={components.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(component) => onChange({ component })}
          />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
