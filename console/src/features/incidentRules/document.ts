import { parse, stringify } from 'yaml';
import { isObject, type Json } from '../../lib/jsonDoc';
import type { FieldOption } from '../../components/SpecForm/fields';
import { INCIDENT_TYPES, severityLabel } from '../incidents';

/**
 * What the incident rule editor edits: the rule's name and its spec, whose shape is the one the
 * server's rule engine reads (operator/src/incidents/ruleSpec.ts):
 *
 *   filter: {resources, status, severity, type, labels, age}
 *   template: {title, description, type, severity}
 *   responders: {person, team, email: [{to, subject, body}]}
 *   autoResolve: {enabled, timeout}, autoClose: {enabled, timeout}
 *   priority, breakOnMatch
 *
 * The Form and Code tabs are two views of this one document, so keys the form does not show are
 * kept as they are.
 */
export interface RuleDoc {
  name: string;
  spec: Json;
}

/** What the engine watches (ruleSpec.ts RESOURCES); none chosen means both. */
export const RULE_RESOURCES: readonly FieldOption[] = [
  { value: 'check', label: 'Checks' },
  { value: 'component', label: 'Components' },
];

/** Statuses a check or component can have; none chosen means unhealthy (ruleSpec.ts). */
export const RULE_STATUSES: readonly FieldOption[] = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'warning', label: 'Warning' },
  { value: 'unknown', label: 'Unknown' },
];

/** Health check severities a filter can name (components have none). */
export const CHECK_SEVERITIES: readonly FieldOption[] = [
  'info',
  'low',
  'medium',
  'high',
  'critical',
].map((value) => ({ value, label: severityLabel(value) }));

/** The incident types a template can open (ruleSpec.ts INCIDENT_TYPES). */
export const TEMPLATE_TYPES: readonly FieldOption[] = INCIDENT_TYPES;

/** The incident severities a template can open (ruleSpec.ts INCIDENT_SEVERITIES). */
export const TEMPLATE_SEVERITIES: readonly FieldOption[] = [
  'info',
  'warning',
  'low',
  'medium',
  'high',
  'blocker',
  'critical',
].map((value) => ({ value, label: severityLabel(value) }));

/** What the engine uses when the template leaves them out (ruleSpec.ts). */
export const TEMPLATE_DEFAULTS = {
  title: '{{ .resource.name }} is {{ .resource.status }}',
  type: 'availability',
  severity: 'low',
} as const;

export const SOURCE_UI = 'UI';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function makeRuleDoc(fields: { name?: unknown; spec?: unknown }): RuleDoc {
  return { name: text(fields.name), spec: isObject(fields.spec) ? fields.spec : {} };
}

/** A new rule: the engine's defaults written out, so what the form shows is what runs. */
export function newRuleDoc(): RuleDoc {
  return makeRuleDoc({
    name: '',
    spec: {
      filter: { status: ['unhealthy'] },
      template: { ...TEMPLATE_DEFAULTS },
    },
  });
}

// ---------------------------------------------------------------------------------------------
// YAML (the Code tab)

export function docToYaml(doc: RuleDoc): string {
  return stringify({ name: doc.name, spec: doc.spec }, { lineWidth: 0 });
}

/**
 * The Code tab's text as a document, or undefined when it cannot be one (invalid YAML is
 * ignored, spec 001 §5). A pasted IncidentRule manifest (metadata + spec) is accepted too.
 */
export function yamlToDoc(source: string): RuleDoc | undefined {
  let value: unknown;
  try {
    value = parse(source);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.spec !== undefined && value.spec !== null && !isObject(value.spec)) return undefined;
  const name = isObject(value.metadata) ? value.metadata.name : value.name;
  return makeRuleDoc({ name, spec: value.spec });
}

/** responders.email as a list: the engine also takes a single email. */
export function emailsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

// ---------------------------------------------------------------------------------------------
// Auto resolve / auto close

export type ToggleKey = 'autoResolve' | 'autoClose';

/** Upstream's toggles carry only a timeout: an object without `enabled: false` is on. */
export function toggleOn(value: unknown): boolean {
  if (value === true) return true;
  return isObject(value) && value.enabled !== false;
}

/** The toggle switched on or off, keeping its timeout. */
export function setToggle(value: unknown, on: boolean): Json {
  const current = isObject(value) ? value : {};
  return { ...current, enabled: on };
}

/** The toggle on, with this timeout (none: the engine's 0). */
export function withTimeout(value: unknown, timeout: unknown): Json {
  const current = isObject(value) ? value : {};
  const rest = Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'timeout'));
  return { ...rest, enabled: true, ...(timeout === undefined ? {} : { timeout }) };
}
