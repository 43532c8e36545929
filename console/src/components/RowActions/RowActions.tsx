import { Dropdown, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { EllipsisVIcon } from '@patternfly/react-icons';
import { useState } from 'react';

export interface RowAction {
  label: string;
  onClick: () => void;
  isDisabled?: boolean;
  isDanger?: boolean;
}

export interface RowActionsProps {
  /** Names the row, e.g. 'Actions for Ada Lovelace', so each row's menu is told apart. */
  'aria-label': string;
  actions: readonly RowAction[];
}

/** A table row's kebab menu. */
export function RowActions({ 'aria-label': ariaLabel, actions }: RowActionsProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dropdown
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      onSelect={() => setIsOpen(false)}
      popperProps={{ position: 'right' }}
      toggle={(ref) => (
        <MenuToggle
          ref={ref}
          variant="plain"
          aria-label={ariaLabel}
          isExpanded={isOpen}
          onClick={(event) => {
            // Rows may be clickable themselves; opening the menu is not a row click.
            event.stopPropagation();
            setIsOpen((open) => !open);
          }}
          icon={<EllipsisVIcon />}
        />
      )}
    >
      <DropdownList>
        {actions.map((action) => (
          <DropdownItem
            key={action.label}
            isDisabled={action.isDisabled}
            isDanger={action.isDanger}
            onClick={(event) => {
              event.stopPropagation();
              action.onClick();
            }}
          >
            {action.label}
          </DropdownItem>
        ))}
      </DropdownList>
    </Dropdown>
  );
}
