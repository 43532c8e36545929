import type { NewIncident, PickerOption } from './api';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  NEW_INCIDENT_DEFAULTS,
  isOneOf,
} from './model';

/** Spec 000 §5: the generic required message. */
export const REQUIRED_MESSAGE = 'This field is required';
/** Spec 000 §5 (the Link to Incident form's words for the same two fields). */
export const SEVERITY_MESSAGE = 'Please select incident severity';
export const TYPE_MESSAGE = 'Please select an incident type';

export interface IncidentFormValues {
  title: string;
  description: string;
  type: string;
  severity: string;
  status: string;
  commander?: PickerOption;
  communicator?: PickerOption;
}

export type IncidentFormErrors = Partial<Record<'title' | 'type' | 'severity' | 'status', string>>;

/** Spec 000 §2.5: status open, severity Low, type availability; the rest empty. */
export function newIncidentForm(): IncidentFormValues {
  return { title: '', description: '', ...NEW_INCIDENT_DEFAULTS };
}

/**
 * The create schema (spec 000 §5): title required; description optional; severity required and
 * one of the defined severities; status and type required (and known).
 */
export function validateIncident(values: IncidentFormValues): IncidentFormErrors {
  const errors: IncidentFormErrors = {};
  if (!values.title.trim()) errors.title = REQUIRED_MESSAGE;
  if (!isOneOf(INCIDENT_TYPES, values.type)) errors.type = TYPE_MESSAGE;
  if (!isOneOf(INCIDENT_SEVERITIES, values.severity)) errors.severity = SEVERITY_MESSAGE;
  if (!isOneOf(INCIDENT_STATUSES, values.status)) errors.status = REQUIRED_MESSAGE;
  return errors;
}

export function toNewIncident(values: IncidentFormValues): NewIncident {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    severity: values.severity,
    status: values.status,
    commander_id: values.commander?.id ?? null,
    communicator_id: values.communicator?.id ?? null,
  };
}
