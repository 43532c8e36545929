/** The incidents area's public pieces: the list page and the dialogs other areas open. */
export { IncidentListPage, NO_INCIDENTS_TEXT } from './IncidentListPage';
export { CreateIncidentModal, CREATE_INCIDENT_TITLE } from './CreateIncidentModal';
export type { CreateIncidentModalProps } from './CreateIncidentModal';
export { LinkToIncidentDialog, LINK_TO_INCIDENT_TITLE } from './LinkToIncidentDialog';
export type { LinkToIncidentDialogProps } from './LinkToIncidentDialog';
export { LinkToIncidentButton } from './LinkToIncidentButton';
export type { LinkToIncidentButtonProps } from './LinkToIncidentButton';
export { checkEvidence, componentEvidence, configEvidence, useCanLinkToIncident } from './evidence';
export type { EvidenceAttachment, EvidenceBody } from './evidence';
export { LINKED_MESSAGE } from './linkForm';
export { SeverityLabel } from './incidentColumns';
export { incidentListPath, incidentPath } from './urlState';
export type { IncidentFilters } from './urlState';
export {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  NEW_INCIDENT_DEFAULTS,
  severityLabel,
  typeLabel,
} from './model';
export type { EvidenceType } from './model';
