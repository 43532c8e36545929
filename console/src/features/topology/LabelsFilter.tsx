import { Badge, MenuToggle, Select, SelectList, SelectOption } from '@patternfly/react-core';
import type { MenuToggleElement } from '@patternfly/react-core';
import { useState, type Ref } from 'react';

export interface LabelsFilterProps {
  /** `k=v` choices. */
  options: readonly string[];
  /** The chosen `k=v` pairs: components must hold all of them. */
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/** The labels filter: any number of `key=value` pairs, all of which a component must hold. */
export function LabelsFilter({ options, value, onChange }: LabelsFilterProps) {
  const [isOpen, setIsOpen] = useState(false);
  const all = [...new Set([...options, ...value])];
  const toggle = (label: string) =>
    onChange(value.includes(label) ? value.filter((v) => v !== label) : [...value, label]);
  return (
    <Select
      role="menu"
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      onSelect={(_e, selected) => {
        if (typeof selected === 'string') toggle(selected);
      }}
      toggle={(ref: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={ref}
          isExpanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
          badge={value.length > 0 ? <Badge isRead>{value.length}</Badge> : undefined}
        >
          Labels
        </MenuToggle>
      )}
      shouldFocusToggleOnSelect={false}
      maxMenuHeight="20rem"
      isScrollable
    >
      <SelectList aria-label="Labels">
        {all.length === 0 && (
          <SelectOption isDisabled value="">
            No labels
          </SelectOption>
        )}
        {all.map((label) => (
          <SelectOption key={label} value={label} hasCheckbox isSelected={value.includes(label)}>
            {label}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
