import { SEVERITY_MESSAGE, TYPE_MESSAGE } from './incidentForm';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  NEW_INCIDENT_DEFAULTS,
  isOneOf,
  type IncidentOption,
} from './model';

/** Spec 000 §5 / §8: the Link to Incident form's messages. */
export const INCIDENT_MESSAGE = 'Must select or create an incident';
export const HYPOTHESIS_MESSAGE = 'Must select or create a hypothesis';
export const LINKED_MESSAGE = 'Linked to incident successfully';

export type IncidentChoice =
  { kind: 'existing'; incident: IncidentOption } | { kind: 'new'; title: string };

export type HypothesisChoice =
  { kind: 'existing'; id: string; title: string } | { kind: 'new'; title: string };

/** Spec 000 §3: incident (existing or new), description, hypothesis (existing or new), severity, type. */
export interface LinkFormValues {
  incident?: IncidentChoice;
  hypothesis?: HypothesisChoice;
  description: string;
  severity: string;
  type: string;
}

export type LinkFormErrors = Partial<
  Record<'incident' | 'hypothesis' | 'severity' | 'type', string>
>;

/** Defaults (spec 000 §5): severity low, type availability. */
export function newLinkForm(description = ''): LinkFormValues {
  return {
    description,
    severity: NEW_INCIDENT_DEFAULTS.severity,
    type: NEW_INCIDENT_DEFAULTS.type,
  };
}

/**
 * Spec 000 §5: an incident must be chosen or created; with an existing incident a hypothesis must
 * be chosen or created; a new incident needs a severity and a type and may leave the hypothesis
 * to a description (its own title when empty).
 */
export function validateLink(values: LinkFormValues): LinkFormErrors {
  const errors: LinkFormErrors = {};
  const { incident, hypothesis } = values;
  if (!incident || (incident.kind === 'new' && !incident.title.trim())) {
    errors.incident = INCIDENT_MESSAGE;
    return errors;
  }
  if (incident.kind === 'existing') {
    if (!hypothesis || (hypothesis.kind === 'new' && !hypothesis.title.trim())) {
      errors.hypothesis = HYPOTHESIS_MESSAGE;
    }
    return errors;
  }
  if (!isOneOf(INCIDENT_SEVERITIES, values.severity)) errors.severity = SEVERITY_MESSAGE;
  if (!isOneOf(INCIDENT_TYPES, values.type)) errors.type = TYPE_MESSAGE;
  return errors;
}

/** The hypothesis chosen when an incident is picked: its only one, if it has exactly one. */
export function defaultHypothesis(incident: IncidentOption): HypothesisChoice | undefined {
  const [only, ...rest] = incident.hypotheses ?? [];
  return only && rest.length === 0
    ? { kind: 'existing', id: only.id, title: only.title }
    : undefined;
}
