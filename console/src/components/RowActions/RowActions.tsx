import { Dropdown, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { EllipsisVIcon } from '@patternfly/react-icons';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export interface RowAction {
  label: string;
  /** A link item: a plain click navigates in the app, a modified one opens a new tab. */
  href?: string;
  onClick?: () => void;
  isDisabled?: boolean;
  isDanger?: boolean;
}

export interface RowActionsProps {
  /** Names the row, e.g. 'Actions for Ada Lovelace', so each row's menu is told apart. */
  'aria-label': string;
  actions: readonly RowAction[];
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey;

/** A table row's or a card's kebab menu. */
export function RowActions({ 'aria-label': ariaLabel, actions }: RowActionsProps) {
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();
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
            to={action.href}
            isDisabled={action.isDisabled}
            isDanger={action.isDanger}
            onClick={(event: MouseEvent) => {
              event.stopPropagation();
              if (action.href) {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                void navigate(action.href);
              }
              action.onClick?.();
            }}
          >
            {action.label}
          </DropdownItem>
        ))}
      </DropdownList>
    </Dropdown>
  );
}
