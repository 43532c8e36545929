import { isExternal } from '../../../components/SourceLink/SourceLink';

/** The notification rule form (spec 002 §5 "Notification rule form") as plain values. */

/** The events a rule can be made for, in the spec's order. */
export const NOTIFICATION_EVENTS = [
  'check.failed',
  'check.passed',
  'component.healthy',
  'component.unhealthy',
  'component.unknown',
  'component.warning',
  'config.created',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.unknown',
  'config.updated',
  'config.warning',
  'playbook.approval.inserted',
  'playbook.spec.approval.updated',
] as const;

export const REPEAT_INTERVALS = ['1h', '2h', '3h', '6h', '1d', '1w', '1m'] as const;

export type RecipientKind = 'person' | 'team' | 'others';
export type OthersKind = 'connection' | 'url';
export type TemplateKind = 'default' | 'custom';

/** The name of the one custom service the form writes. */
export const CUSTOM_SERVICE_NAME = 'to';

export interface CustomService {
  name?: string;
  connection?: string;
  url?: string;
  [key: string]: unknown;
}

/** A rule as read back for the form (GET /api/db/notifications?id=eq.X). */
export interface RuleRecord {
  id: string;
  title: string | null;
  events: string[] | null;
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  repeat_interval: string | null;
  template: string | null;
  properties: unknown;
  source: string | null;
}

export interface RuleFormValues {
  id?: string;
  title: string;
  events: string[];
  filter: string;
  recipientKind: RecipientKind;
  personId: string;
  teamId: string;
  othersKind: OthersKind;
  /** A connection reference: connection://<namespace>/<name>. */
  connection: string;
  url: string;
  repeatInterval: string;
  templateKind: TemplateKind;
  template: string;
  /** JSON text, as typed. */
  properties: string;
  /** Where the rule comes from; only UI rules (or new ones) are edited here. */
  source: string | null;
  /** Whatever else the first custom service held (filters, properties), kept on save. */
  service?: CustomService;
}

export const EMPTY_RULE: RuleFormValues = {
  title: '',
  events: [],
  filter: '',
  recipientKind: 'person',
  personId: '',
  teamId: '',
  othersKind: 'connection',
  connection: '',
  url: '',
  repeatInterval: '',
  templateKind: 'default',
  template: '',
  properties: '',
  source: null,
};

export const EVENTS_REQUIRED = 'Select at least one event';
export const RECIPIENT_REQUIRED = 'Choose exactly one recipient: a person, a team or others';
export const PROPERTIES_NOT_OBJECT = 'Properties must be a JSON object, such as {"key": "value"}';
export const propertiesNotJson = (reason: string) => `Properties are not valid JSON: ${reason}`;

/** Made in the console (or not yet made): the form may save it. */
export function isUiRule(source: string | null | undefined): boolean {
  return !isExternal({ source });
}

const filled = (text: string) => text.trim() !== '';

/** Which recipients hold a value; a valid rule has exactly one. */
export function recipientsSet(values: RuleFormValues): RecipientKind[] {
  const set: RecipientKind[] = [];
  if (filled(values.personId)) set.push('person');
  if (filled(values.teamId)) set.push('team');
  if (filled(values.connection) || filled(values.url)) set.push('others');
  return set;
}

/** Choosing a kind of recipient clears the other kinds (spec 002 §5). */
export function withRecipientKind(values: RuleFormValues, kind: RecipientKind): RuleFormValues {
  return {
    ...values,
    recipientKind: kind,
    personId: kind === 'person' ? values.personId : '',
    teamId: kind === 'team' ? values.teamId : '',
    connection: kind === 'others' ? values.connection : '',
    url: kind === 'others' ? values.url : '',
  };
}

/** Within Others: a connection or a URL, not both. */
export function withOthersKind(values: RuleFormValues, othersKind: OthersKind): RuleFormValues {
  return {
    ...values,
    othersKind,
    connection: othersKind === 'connection' ? values.connection : '',
    url: othersKind === 'url' ? values.url : '',
  };
}

type ParsedProperties =
  { ok: true; value: Record<string, unknown> | null } | { ok: false; error: string };

export function parseProperties(text: string): ParsedProperties {
  if (!filled(text)) return { ok: true, value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: propertiesNotJson((e as Error).message) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: PROPERTIES_NOT_OBJECT };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

export interface RuleErrors {
  events?: string;
  recipient?: string;
  properties?: string;
}

export function validateRule(values: RuleFormValues): RuleErrors {
  const errors: RuleErrors = {};
  if (values.events.length === 0) errors.events = EVENTS_REQUIRED;
  if (recipientsSet(values).length !== 1) errors.recipient = RECIPIENT_REQUIRED;
  const properties = parseProperties(values.properties);
  if (!properties.ok) errors.properties = properties.error;
  return errors;
}

const orNull = (text: string) => (filled(text) ? text.trim() : null);

/** The row written by POST/PATCH /api/db/notifications (spec 002 §7). */
export function toPayload(values: RuleFormValues) {
  const properties = parseProperties(values.properties);
  let customServices: CustomService[] | null = null;
  if (filled(values.connection) || filled(values.url)) {
    const { connection: _c, url: _u, ...rest } = values.service ?? {};
    customServices = [
      {
        ...rest,
        name: values.service?.name || CUSTOM_SERVICE_NAME,
        ...(filled(values.connection)
          ? { connection: values.connection.trim() }
          : { url: values.url.trim() }),
      },
    ];
  }
  return {
    title: orNull(values.title),
    events: values.events,
    filter: orNull(values.filter),
    person_id: orNull(values.personId),
    team_id: orNull(values.teamId),
    custom_services: customServices,
    repeat_interval: orNull(values.repeatInterval),
    template: values.templateKind === 'custom' && filled(values.template) ? values.template : null,
    properties: properties.ok ? properties.value : null,
  };
}

export type RulePayload = ReturnType<typeof toPayload>;

export function fromRecord(row: RuleRecord): RuleFormValues {
  const service = row.custom_services?.[0];
  const connection = typeof service?.connection === 'string' ? service.connection : '';
  const url = typeof service?.url === 'string' ? service.url : '';
  const values: RuleFormValues = {
    id: row.id,
    title: row.title ?? '',
    events: row.events ?? [],
    filter: row.filter ?? '',
    recipientKind: 'person',
    personId: row.person_id ?? '',
    teamId: row.team_id ?? '',
    othersKind: !connection && url ? 'url' : 'connection',
    connection,
    url: connection ? '' : url,
    repeatInterval: row.repeat_interval ?? '',
    templateKind: row.template ? 'custom' : 'default',
    template: row.template ?? '',
    properties:
      row.properties && typeof row.properties === 'object'
        ? JSON.stringify(row.properties, null, 2)
        : '',
    source: row.source,
    service,
  };
  values.recipientKind = recipientsSet(values)[0] ?? 'person';
  return values;
}
