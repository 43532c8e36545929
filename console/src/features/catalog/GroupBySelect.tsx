import {
  Badge,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  type MenuToggleElement,
} from '@patternfly/react-core';
import { useState, type Ref } from 'react';
import { BASE_GROUP_OPTIONS, TAG_SUFFIX, groupKeyLabel } from './grouping';

/**
 * Which keys the list groups by, in the order chosen: each click adds a key at the end or
 * removes it. Tag keys are offered as `<key>__tag`.
 */
export function GroupBySelect(props: {
  value: readonly string[];
  tagKeys: readonly string[];
  onChange: (groupBy: string[]) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const options = [
    ...BASE_GROUP_OPTIONS.map((o) => o.value),
    ...props.tagKeys.map((k) => `${k}${TAG_SUFFIX}`),
  ];
  // A key in the URL the lists do not offer (yet) stays visible so it can be removed.
  for (const key of props.value) if (!options.includes(key)) options.push(key);
  const toggle = (key: string) =>
    props.onChange(
      props.value.includes(key) ? props.value.filter((k) => k !== key) : [...props.value, key],
    );
  const text = props.value.length > 0 ? props.value.map(groupKeyLabel).join(' › ') : 'No grouping';
  return (
    <Select
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      onSelect={(_event, selected) => {
        if (typeof selected === 'string') toggle(selected);
      }}
      toggle={(ref: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={ref}
          aria-label="Group By"
          isExpanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
          badge={props.value.length > 0 ? <Badge isRead>{props.value.length}</Badge> : undefined}
        >
          Group By: {text}
        </MenuToggle>
      )}
      shouldFocusToggleOnSelect={false}
      maxMenuHeight="20rem"
      isScrollable
    >
      <SelectList aria-label="Group By">
        {options.map((key) => (
          <SelectOption key={key} value={key} hasCheckbox isSelected={props.value.includes(key)}>
            {groupKeyLabel(key)}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
