import {
  Button,
  Flex,
  FormSelect,
  FormSelectOption,
  SearchInput,
  Toolbar,
  ToolbarContent,
  ToolbarItem,
} from '@patternfly/react-core';
import { PlusCircleIcon } from '@patternfly/react-icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { componentById, personById, searchComponents, searchPeople } from './api';
import {
  ALL,
  SEVERITY_FILTER_CHOICES,
  STATUS_FILTER_CHOICES,
  TYPE_FILTER_CHOICES,
  type Choice,
} from './model';
import { Picker } from './Picker';
import type { IncidentFilters as Filters } from './urlState';

export const SEARCH_PLACEHOLDER = 'Search for incident';
/** Spec 000 §9: incident filter and search debounce. */
export const SEARCH_DEBOUNCE_MS = 400;
/** Spec 000 §2.3 / §8. */
export const COMPONENTS_FAILED_TEXT = 'Unable to load components!';

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex alignItems={{ default: 'alignItemsCenter' }} gap={{ default: 'gapSm' }}>
      <span aria-hidden>{label}</span>
      {children}
    </Flex>
  );
}

function FilterSelect(props: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  const known = props.choices.some((c) => c.value === props.value);
  return (
    <Labelled label={props.label}>
      <FormSelect
        aria-label={props.label}
        value={props.value}
        onChange={(_event, value) => props.onChange(value)}
        style={{ minWidth: '9rem' }}
      >
        {props.choices.map((choice) => (
          <FormSelectOption key={choice.value} value={choice.value} label={choice.label} />
        ))}
        {/* A value another area linked with that is not among the choices stays selectable. */}
        {!known && <FormSelectOption value={props.value} label={props.value} />}
      </FormSelect>
    </Labelled>
  );
}

/**
 * The search box: typing is local, the URL's `search` follows 400 ms after the last keystroke.
 * A search changed from outside (back button) replaces the text.
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
      aria-label={SEARCH_PLACEHOLDER}
      placeholder={SEARCH_PLACEHOLDER}
      value={draft}
      onChange={(_event, text) => setDraft(text)}
      onClear={() => setDraft('')}
      style={{ minWidth: '18rem' }}
    />
  );
}

function OwnerFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { data } = useSWR(value !== ALL ? ['incidents/person', value] : null, ([, id]) =>
    personById(id),
  );
  return (
    <Labelled label="Owner">
      <Picker
        id="incident-filter-owner"
        aria-label="Owner"
        placeholder="All"
        width="14rem"
        value={value === ALL ? undefined : { id: value, label: data?.label ?? '' }}
        load={searchPeople}
        onChange={(person) => onChange(person?.id ?? ALL)}
      />
    </Labelled>
  );
}

function ComponentFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { data, error } = useSWR(value !== ALL ? ['incidents/component', value] : null, ([, id]) =>
    componentById(id),
  );
  return (
    <Labelled label="Component">
      <Picker
        id="incident-filter-component"
        aria-label="Component"
        placeholder="All"
        width="16rem"
        value={
          value === ALL ? undefined : { id: value, label: data?.label ?? (error ? value : '') }
        }
        load={searchComponents}
        failedText={COMPONENTS_FAILED_TEXT}
        onChange={(component) => onChange(component?.id ?? ALL)}
      />
    </Labelled>
  );
}

export interface IncidentFiltersProps {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  /** Shown for users who may create incidents. */
  onCreate?: () => void;
}

/** Type, Severity, Status, Owner, Component and the search (spec 000 §2.3). */
export function IncidentFilters({ filters, onChange, onCreate }: IncidentFiltersProps) {
  return (
    <Toolbar inset={{ default: 'insetNone' }}>
      <ToolbarContent>
        {onCreate && (
          <ToolbarItem>
            <Button
              variant="plain"
              aria-label="Create New Incident"
              title="Create New Incident"
              icon={<PlusCircleIcon color="var(--pf-t--global--icon--color--brand--default)" />}
              onClick={onCreate}
            />
          </ToolbarItem>
        )}
        <ToolbarItem>
          <FilterSelect
            label="Type"
            value={filters.type}
            choices={TYPE_FILTER_CHOICES}
            onChange={(type) => onChange({ type })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <FilterSelect
            label="Severity"
            value={filters.severity}
            choices={SEVERITY_FILTER_CHOICES}
            onChange={(severity) => onChange({ severity })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <FilterSelect
            label="Status"
            value={filters.status}
            choices={STATUS_FILTER_CHOICES}
            onChange={(status) => onChange({ status })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <OwnerFilter value={filters.owner} onChange={(owner) => onChange({ owner })} />
        </ToolbarItem>
        <ToolbarItem>
          <ComponentFilter
            value={filters.component}
            onChange={(component) => onChange({ component })}
          />
        </ToolbarItem>
        <ToolbarItem>
          <SearchBox value={filters.search} onCommit={(search) => onChange({ search })} />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}
