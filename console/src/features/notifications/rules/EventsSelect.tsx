import {
  Badge,
  Label,
  LabelGroup,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  type MenuToggleElement,
} from '@patternfly/react-core';
import { useState, type Ref } from 'react';
import { NOTIFICATION_EVENTS } from './ruleModel';

/** The events a rule is for: several, chosen from the spec's list. */
export function EventsSelect({
  id,
  value,
  onChange,
  isInvalid,
}: {
  id: string;
  value: readonly string[];
  onChange: (events: string[]) => void;
  isInvalid?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  // An event the list does not offer (a rule written elsewhere) stays visible so it can go.
  const options: string[] = [...NOTIFICATION_EVENTS];
  for (const event of value) if (!options.includes(event)) options.push(event);
  const toggle = (event: string) =>
    onChange(value.includes(event) ? value.filter((e) => e !== event) : [...value, event]);
  return (
    <>
      <Select
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        onSelect={(_event, selected) => {
          if (typeof selected === 'string') toggle(selected);
        }}
        toggle={(ref: Ref<MenuToggleElement>) => (
          <MenuToggle
            ref={ref}
            id={id}
            aria-label="Events"
            isFullWidth
            isExpanded={isOpen}
            status={isInvalid ? 'danger' : undefined}
            onClick={() => setIsOpen((open) => !open)}
            badge={value.length > 0 ? <Badge isRead>{value.length}</Badge> : undefined}
          >
            {value.length > 0 ? `${value.length} selected` : 'Select events'}
          </MenuToggle>
        )}
        shouldFocusToggleOnSelect={false}
        // Inside the dialog: a menu appended to the body would be hidden from assistive
        // technology by the modal.
        popperProps={{ appendTo: 'inline' }}
        maxMenuHeight="20rem"
        isScrollable
      >
        <SelectList aria-label="Events">
          {options.map((event) => (
            <SelectOption key={event} value={event} hasCheckbox isSelected={value.includes(event)}>
              {event}
            </SelectOption>
          ))}
        </SelectList>
      </Select>
      {value.length > 0 && (
        <LabelGroup aria-label="Chosen events" numLabels={20} style={{ marginTop: 8 }}>
          {value.map((event) => (
            <Label
              key={event}
              onClose={() => onChange(value.filter((e) => e !== event))}
              closeBtnAriaLabel={`Remove ${event}`}
            >
              {event}
            </Label>
          ))}
        </LabelGroup>
      )}
    </>
  );
}
