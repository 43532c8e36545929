import { useState } from 'react';
import { useSession } from '../../app/session';
import { RowActions, type RowAction } from '../../components/RowActions/RowActions';
import { componentEvidence, useCanLinkToIncident } from '../incidents/evidence';
import { LinkToIncidentDialog } from '../incidents/LinkToIncidentDialog';
import { displayName } from './health';
import { logsHref } from './links';
import { SnapshotDialog } from './SnapshotDialog';
import type { TopologyComponent } from './types';

export interface CardActionsProps {
  component: Pick<TopologyComponent, 'id' | 'name' | 'text' | 'external_id'>;
  /** Where 'Zoom In' goes; undefined leaves it out (the sidebar, the page's own component). */
  zoomInHref?: string;
}

/**
 * A component's kebab menu (spec 002 §2 'Card actions'): View Logs when the component has an
 * external_id and logs are on, Link to Incident for users who may (and incidents on), Zoom In on
 * cards, and Download Snapshot.
 */
export function CardActions({ component, zoomInHref }: CardActionsProps) {
  const { enabled } = useSession();
  const canLink = useCanLinkToIncident();
  const [dialog, setDialog] = useState<'incident' | 'snapshot'>();
  const name = displayName(component);

  const actions: RowAction[] = [];
  if (component.external_id?.trim() && enabled('logs')) {
    actions.push({ label: 'View Logs', href: logsHref(component.id) });
  }
  if (canLink) actions.push({ label: 'Link to Incident', onClick: () => setDialog('incident') });
  if (zoomInHref) actions.push({ label: 'Zoom In', href: zoomInHref });
  actions.push({ label: 'Download Snapshot', onClick: () => setDialog('snapshot') });

  return (
    <>
      <RowActions aria-label={`Actions for ${name}`} actions={actions} />
      <LinkToIncidentDialog
        isOpen={dialog === 'incident'}
        evidence={componentEvidence(component.id, name)}
        onClose={() => setDialog(undefined)}
      />
      <SnapshotDialog
        isOpen={dialog === 'snapshot'}
        component={{ id: component.id, name }}
        onClose={() => setDialog(undefined)}
      />
    </>
  );
}
