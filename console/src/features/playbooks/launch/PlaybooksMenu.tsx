import { Dropdown, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { useState } from 'react';
import { hasGrant } from '../../../app/access';
import { useSession } from '../../../app/session';
import { errorText } from '../../../lib/settingsResource';
import { playbookTitle, type RunResource, type RunnablePlaybook } from '../types';
import { useRunnablePlaybooks } from './api';
import { NO_RUNNABLE, RunPlaybookModal } from './RunPlaybookModal';

export interface PlaybooksMenuProps {
  resource: RunResource;
  /** The toggle's text; 'Playbooks' by default. */
  label?: string;
}

/**
 * The Playbooks menu of a check, config or component (spec 001 §6): the playbooks that can run
 * against it, each opening the launch form. Only for users with write on playbook runs.
 */
export function PlaybooksMenu(props: PlaybooksMenuProps) {
  const { whoami } = useSession();
  if (!hasGrant(whoami, 'playbook_runs', 'write')) return null;
  return <Menu {...props} />;
}

function Menu({ resource, label = 'Playbooks' }: PlaybooksMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const [chosen, setChosen] = useState<RunnablePlaybook>();
  // The list is read the first time the menu opens, not for every drawer or tab shown.
  const { playbooks, error, isLoading } = useRunnablePlaybooks(resource, asked);
  return (
    <>
      <Dropdown
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        onSelect={() => setIsOpen(false)}
        popperProps={{ position: 'right' }}
        toggle={(ref) => (
          <MenuToggle
            ref={ref}
            isExpanded={isOpen}
            onClick={() => {
              setAsked(true);
              setIsOpen((open) => !open);
            }}
          >
            {label}
          </MenuToggle>
        )}
      >
        <DropdownList>
          {isLoading && <DropdownItem isDisabled>Loading...</DropdownItem>}
          {error && <DropdownItem isDisabled>{errorText(error)}</DropdownItem>}
          {playbooks?.length === 0 && <DropdownItem isDisabled>{NO_RUNNABLE}</DropdownItem>}
          {playbooks?.map((p) => (
            <DropdownItem key={p.id} description={p.description} onClick={() => setChosen(p)}>
              {playbookTitle(p)}
            </DropdownItem>
          ))}
        </DropdownList>
      </Dropdown>
      <RunPlaybookModal
        isOpen={chosen !== undefined}
        onClose={() => setChosen(undefined)}
        resource={resource}
        playbook={chosen}
      />
    </>
  );
}
