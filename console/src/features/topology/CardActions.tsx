import { Dropdown, DropdownItem, DropdownList, MenuToggle } from '@patternfly/react-core';
import { EllipsisVIcon } from '@patternfly/react-icons';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { LinkToIncidentDialog, componentEvidence, useCanLinkToIncident } from '../incidents';
import { displayName } from './health';
import type { TopologyComponent } from './types';

export interface CardActionsProps {
  component: Pick<TopologyComponent, 'id' | 'name' | 'text' | 'external_id'>;
  /** Where 'Zoom In' goes; undefined leaves it out (the card of the page's own component). */
  zoomInHref: string | undefined;
  logsHref: string;
}

/** A plain click navigates in the app; modified clicks keep the browser's new-tab behaviour. */
function isPlainClick(event: MouseEvent | undefined): boolean {
  return !!event && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A card's kebab menu (spec 002 §2 'Card actions'): View Logs when the component has an
 * external_id and logs are on, Link to Incident for users who may, and Zoom In.
 */
export function CardActions({ component, zoomInHref, logsHref }: CardActionsProps) {
  const { enabled } = useSession();
  const canLink = useCanLinkToIncident();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isLinking, setIsLinking] = useState(false);
  const name = displayName(component);

  const linkItem = (label: string, href: string) => (
    <DropdownItem
      key={label}
      to={href}
      onClick={(event: MouseEvent | undefined) => {
        if (!isPlainClick(event)) return;
        event?.preventDefault();
        void navigate(href);
      }}
    >
      {label}
    </DropdownItem>
  );

  const items = [
    component.external_id?.trim() && enabled('logs') ? linkItem('View Logs', logsHref) : null,
    canLink ? (
      <DropdownItem key="link" onClick={() => setIsLinking(true)}>
        Link to Incident
      </DropdownItem>
    ) : null,
    zoomInHref ? linkItem('Zoom In', zoomInHref) : null,
  ].filter((item) => item !== null);

  if (items.length === 0) return null;
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
            variant="plain"
            aria-label={`Actions for ${name}`}
            isExpanded={isOpen}
            onClick={() => setIsOpen((open) => !open)}
            icon={<EllipsisVIcon />}
          />
        )}
      >
        <DropdownList>{items}</DropdownList>
      </Dropdown>
      <LinkToIncidentDialog
        isOpen={isLinking}
        evidence={componentEvidence(component.id, name)}
        onClose={() => setIsLinking(false)}
      />
    </>
  );
}
