import { useState } from 'react';
import { RowActions, type RowAction } from '../../components/RowActions/RowActions';
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

/**
 * A card's kebab menu (spec 002 §2 'Card actions'): View Logs when the component has an
 * external_id and logs are on, Link to Incident for users who may, and Zoom In.
 */
export function CardActions({ component, zoomInHref, logsHref }: CardActionsProps) {
  const { enabled } = useSession();
  const canLink = useCanLinkToIncident();
  const [isLinking, setIsLinking] = useState(false);
  const name = displayName(component);

  const actions: RowAction[] = [];
  if (component.external_id?.trim() && enabled('logs')) {
    actions.push({ label: 'View Logs', href: logsHref });
  }
  if (canLink) actions.push({ label: 'Link to Incident', onClick: () => setIsLinking(true) });
  if (zoomInHref) actions.push({ label: 'Zoom In', href: zoomInHref });

  if (actions.length === 0) return null;
  return (
    <>
      <RowActions aria-label={`Actions for ${name}`} actions={actions} />
      <LinkToIncidentDialog
        isOpen={isLinking}
        evidence={componentEvidence(component.id, name)}
        onClose={() => setIsLinking(false)}
      />
    </>
  );
}
