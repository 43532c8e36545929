import {
  Badge,
  MenuItemAction,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
} from '@patternfly/react-core';
import type { MenuToggleElement } from '@patternfly/react-core';
import { MinusCircleIcon, MinusIcon, PlusCircleIcon, PlusIcon } from '@patternfly/react-icons';
import { useState } from 'react';
import type { Ref } from 'react';
import { cycleTriState, decodeTriState, encodeTriState, setTriState } from '../../lib/triState';
import type { TriState } from '../../lib/triState';

export interface TriStateItem {
  value: string;
  /** Shown text; defaults to the value. */
  label?: string;
}

export interface TriStateFilterProps {
  /** Toggle text, e.g. 'Status'. */
  label: string;
  items: readonly TriStateItem[];
  /** Encoded state (lib/triState), e.g. 'open:1,closed:-1', as kept in the query string. */
  value: string;
  onChange: (encoded: string) => void;
  /** Tag dropdown: one choice per tag key (`key=value`); a new one replaces the old. */
  tagMode?: boolean;
  isDisabled?: boolean;
}

const INCLUDE_COLOR = 'var(--pf-t--global--icon--color--status--success--default)';
const EXCLUDE_COLOR = 'var(--pf-t--global--icon--color--status--danger--default)';

function StateIcon({ state }: { state: TriState }) {
  if (state === 1) {
    return (
      <span role="img" aria-label="Included" style={{ color: INCLUDE_COLOR }}>
        <PlusCircleIcon />
      </span>
    );
  }
  if (state === -1) {
    return (
      <span role="img" aria-label="Excluded" style={{ color: EXCLUDE_COLOR }}>
        <MinusCircleIcon />
      </span>
    );
  }
  // Keeps labels aligned whether or not an item is filtered.
  return <span style={{ display: 'inline-block', width: '1em' }} />;
}

export function TriStateFilter({
  label,
  items,
  value,
  onChange,
  tagMode = false,
  isDisabled = false,
}: TriStateFilterProps) {
  const [isOpen, setIsOpen] = useState(false);
  const states = decodeTriState(value);
  const activeCount = Object.keys(states).length;

  const choose = (itemValue: string, state: TriState) => {
    onChange(encodeTriState(setTriState(states, itemValue, state, { tagMode })));
  };
  // Pressing the control for the state an item already has clears it.
  const toggleTo = (itemValue: string, state: TriState) =>
    choose(itemValue, states[itemValue] === state ? 0 : state);

  return (
    <Select
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      onSelect={(_event, selected) => {
        if (typeof selected === 'string') choose(selected, cycleTriState(states[selected]));
      }}
      toggle={(toggleRef: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={toggleRef}
          isExpanded={isOpen}
          isDisabled={isDisabled}
          onClick={() => setIsOpen((open) => !open)}
          badge={activeCount > 0 ? <Badge isRead>{activeCount}</Badge> : undefined}
        >
          {label}
        </MenuToggle>
      )}
      shouldFocusToggleOnSelect={false}
      maxMenuHeight="20rem"
      isScrollable
    >
      <SelectList aria-label={label}>
        {items.map((item) => {
          const text = item.label ?? item.value;
          const state = states[item.value] ?? 0;
          return (
            <SelectOption
              key={item.value}
              value={item.value}
              icon={<StateIcon state={state} />}
              actions={
                <>
                  <MenuItemAction
                    aria-label={`Include ${text}`}
                    icon={<PlusIcon color={state === 1 ? INCLUDE_COLOR : undefined} />}
                    onClick={() => toggleTo(item.value, 1)}
                  />
                  <MenuItemAction
                    aria-label={`Exclude ${text}`}
                    icon={<MinusIcon color={state === -1 ? EXCLUDE_COLOR : undefined} />}
                    onClick={() => toggleTo(item.value, -1)}
                  />
                </>
              }
            >
              {text}
            </SelectOption>
          );
        })}
      </SelectList>
    </Select>
  );
}
