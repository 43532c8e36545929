import { Label } from '@patternfly/react-core';
import { INCIDENT_BADGE_LABEL_COLOR, incidentStatusColor } from '../../lib/statusColor';

export interface IncidentStatusBadgeProps {
  status: string;
}

export function IncidentStatusBadge({ status }: IncidentStatusBadgeProps) {
  const color = incidentStatusColor(status);
  return (
    <Label isCompact color={INCIDENT_BADGE_LABEL_COLOR[color]} data-color={color}>
      {status}
    </Label>
  );
}
