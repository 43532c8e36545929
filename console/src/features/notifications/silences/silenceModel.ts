import { addUnits, type DateMathUnit } from '../../../lib/dateMath';
import { toDateTimeLocal } from '../../../lib/format';

/** The silence form (spec 002 §5 "Silence form") as plain values, and what it sends. */

export type SilenceKind = 'config' | 'component' | 'check' | 'canary';

/** The kinds the form offers a picker for; a canary only arrives from a link (?canary_id=). */
export const PICKABLE_KINDS: readonly { kind: SilenceKind; label: string }[] = [
  { kind: 'config', label: 'Catalog' },
  { kind: 'component', label: 'Component' },
  { kind: 'check', label: 'Health check' },
];

export const ID_COLUMNS: Record<
  SilenceKind,
  'config_id' | 'component_id' | 'check_id' | 'canary_id'
> = {
  config: 'config_id',
  component: 'component_id',
  check: 'check_id',
  canary: 'canary_id',
};

/** Relative durations: the silence starts now and lasts this long. */
export const SILENCE_DURATIONS = ['1h', '3h', '6h', '12h', '1d', '1w'] as const;
/** The duration value for a chosen From and Until. */
export const CUSTOM_DURATION = 'custom';

export interface SilenceFormValues {
  id?: string;
  kind: SilenceKind;
  resourceId: string;
  /** One of SILENCE_DURATIONS, 'custom', or '' before a choice. */
  duration: string;
  /** datetime-local values, for a custom duration. */
  from: string;
  until: string;
  recursive: boolean;
  description: string;
  filter: string;
  source?: string | null;
}

export const RESOURCE_REQUIRED = 'Choose a catalog item, component or health check to silence';
export const DURATION_REQUIRED = 'Choose how long the silence lasts';
export const FROM_REQUIRED = 'Choose when the silence starts';
export const UNTIL_REQUIRED = 'Choose when the silence ends';
export const UNTIL_BEFORE_FROM = 'The silence must end after it starts';

const BLANK: SilenceFormValues = {
  kind: 'config',
  resourceId: '',
  duration: '',
  from: '',
  until: '',
  recursive: false,
  description: '',
  filter: '',
};

/**
 * The add form, filled from the link that opened it (a notification's silenceURL carries the
 * resource as check_id, config_id, component_id or canary_id).
 */
export function silenceFromParams(params: URLSearchParams): SilenceFormValues {
  for (const kind of ['check', 'config', 'component', 'canary'] as const) {
    const id = params.get(ID_COLUMNS[kind])?.trim();
    if (id) return { ...BLANK, kind, resourceId: id };
  }
  return { ...BLANK };
}

/** Choosing another kind of resource clears the one chosen before (spec 002 §5). */
export function withKind(values: SilenceFormValues, kind: SilenceKind): SilenceFormValues {
  return kind === values.kind ? values : { ...values, kind, resourceId: '' };
}

/** A datetime-local value as a moment; undefined when empty or unreadable. */
function localMoment(value: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface SilenceErrors {
  resource?: string;
  duration?: string;
  from?: string;
  until?: string;
}

export function validateSilence(values: SilenceFormValues): SilenceErrors {
  const errors: SilenceErrors = {};
  if (!values.resourceId.trim()) errors.resource = RESOURCE_REQUIRED;
  if (!values.duration) errors.duration = DURATION_REQUIRED;
  if (values.duration === CUSTOM_DURATION) {
    const from = localMoment(values.from);
    const until = localMoment(values.until);
    if (!from) errors.from = FROM_REQUIRED;
    if (!until) errors.until = UNTIL_REQUIRED;
    if (from && until && until <= from) errors.until = UNTIL_BEFORE_FROM;
  }
  return errors;
}

function durationParts(duration: string): { amount: number; unit: DateMathUnit } | undefined {
  const match = /^(\d+)([hdw])$/.exec(duration);
  if (!match) return undefined;
  return { amount: Number(match[1]), unit: match[2] as DateMathUnit };
}

const resourceIds = (values: SilenceFormValues) => ({
  [ID_COLUMNS[values.kind]]: values.resourceId.trim(),
});

/**
 * The body of POST /api/notification/silence: the resource id, `from` and `until` (date math
 * such as now and now+2h for a relative duration, else RFC 3339), the reason, recursive and,
 * when given, a CEL filter.
 */
export function toSilenceRequest(values: SilenceFormValues) {
  const custom = values.duration === CUSTOM_DURATION;
  const from = custom ? localMoment(values.from)?.toISOString() : 'now';
  const until = custom ? localMoment(values.until)?.toISOString() : `now+${values.duration}`;
  return {
    ...resourceIds(values),
    from,
    until,
    description: values.description.trim(),
    recursive: values.recursive,
    ...(values.filter.trim() ? { filter: values.filter.trim() } : {}),
  };
}

/** The body of PATCH /api/db/notification_silences?id=eq.X: moments, and every resource column. */
export function toSilencePatch(values: SilenceFormValues, now = new Date()) {
  let from: string | undefined;
  let until: string | undefined;
  if (values.duration === CUSTOM_DURATION) {
    from = localMoment(values.from)?.toISOString();
    until = localMoment(values.until)?.toISOString();
  } else {
    const parts = durationParts(values.duration);
    from = now.toISOString();
    until = parts ? addUnits(now, parts.amount, parts.unit).toISOString() : undefined;
  }
  return {
    config_id: null,
    component_id: null,
    check_id: null,
    canary_id: null,
    ...resourceIds(values),
    from,
    until,
    description: values.description.trim() || null,
    recursive: values.recursive,
    filter: values.filter.trim() || null,
  };
}

export interface SilenceRecord {
  id: string;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  canary_id: string | null;
  from: string;
  until: string;
  recursive: boolean | null;
  description: string | null;
  filter?: string | null;
  source: string | null;
}

export function fromSilenceRecord(row: SilenceRecord): SilenceFormValues {
  const kind =
    (['config', 'component', 'check', 'canary'] as const).find((k) => row[ID_COLUMNS[k]]) ??
    'config';
  return {
    id: row.id,
    kind,
    resourceId: row[ID_COLUMNS[kind]] ?? '',
    duration: CUSTOM_DURATION,
    from: toDateTimeLocal(row.from),
    until: toDateTimeLocal(row.until),
    recursive: Boolean(row.recursive),
    description: row.description ?? '',
    filter: row.filter ?? '',
    source: row.source,
  };
}

export type SilenceState = 'active' | 'expired' | 'scheduled';

/** Whether a silence holds now, is over, or is yet to start. */
export function silenceState(
  row: Pick<SilenceRecord, 'from' | 'until'>,
  now: Date = new Date(),
): SilenceState {
  if (Date.parse(row.until) <= now.getTime()) return 'expired';
  if (Date.parse(row.from) > now.getTime()) return 'scheduled';
  return 'active';
}
