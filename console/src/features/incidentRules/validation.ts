import type { FieldOption } from '../../components/SpecForm/fields';
import { NOT_A_NUMBER, REQUIRED, isBlank, pathKey } from '../../lib/formRules';
import { getAt, isObject, type Path } from '../../lib/jsonDoc';
import {
  RULE_RESOURCES,
  TEMPLATE_SEVERITIES,
  TEMPLATE_TYPES,
  emailsOf,
  type RuleDoc,
} from './document';

export { NOT_A_NUMBER, REQUIRED } from '../../lib/formRules';

export const NOT_A_DURATION = 'This field must be a duration such as 30s, 5m or 1h';
export const NOT_NAMES = 'This field must be a list of names';
export const NOT_LABELS = 'This field must map label names to values';
export const oneOf = (options: readonly FieldOption[]) =>
  `This field must be one of ${options.map((o) => o.value).join(', ')}`;

/** A Go-style duration as the rule engine reads it (1h30m, 45s, 500ms); undefined if not one. */
export function parseDuration(text: string): number | undefined {
  const units: Record<string, number> = {
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
    d: 86_400_000,
    w: 604_800_000,
  };
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/gy;
  let total = 0;
  let end = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) {
    total += Number(match[1]) * (units[match[2] ?? ''] ?? 0);
    end = re.lastIndex;
  }
  return end === text.length && text.length > 0 ? total : undefined;
}

function durationError(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && parseDuration(value.trim()) !== undefined
    ? undefined
    : NOT_A_DURATION;
}

function namesError(value: unknown, allowed?: readonly FieldOption[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((s) => typeof s === 'string' && s.trim() !== '')) {
    return NOT_NAMES;
  }
  if (allowed && !list.every((s: string) => allowed.some((o) => o.value === s.trim()))) {
    return oneOf(allowed);
  }
  return undefined;
}

function choiceError(value: unknown, allowed: readonly FieldOption[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const known =
    typeof value === 'string' && allowed.some((o) => o.value === value.trim().toLowerCase());
  return known ? undefined : oneOf(allowed);
}

function choiceErrorExact(value: unknown, allowed: readonly FieldOption[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && allowed.some((o) => o.value === value)
    ? undefined
    : oneOf(allowed);
}

/**
 * Every problem in the rule, keyed by the dotted path of its field: the §5 messages for the name
 * (required) and the priority (a number), and what the rule engine would refuse to run.
 */
export function validateRule(doc: RuleDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  const at = (path: Path) => getAt(doc, path);
  const check = (path: Path, error: string | undefined) => {
    if (error) errors[pathKey(path)] = error;
  };

  check(['name'], isBlank(doc.name) ? REQUIRED : undefined);

  const priority = at(['spec', 'priority']);
  check(
    ['spec', 'priority'],
    priority === undefined ||
      priority === null ||
      (typeof priority === 'number' && Number.isFinite(priority))
      ? undefined
      : NOT_A_NUMBER,
  );

  check(
    ['spec', 'filter', 'resources'],
    namesError(at(['spec', 'filter', 'resources']), RULE_RESOURCES),
  );
  check(['spec', 'filter', 'status'], namesError(at(['spec', 'filter', 'status'])));
  check(['spec', 'filter', 'severity'], namesError(at(['spec', 'filter', 'severity'])));
  check(['spec', 'filter', 'type'], namesError(at(['spec', 'filter', 'type'])));
  const labels = at(['spec', 'filter', 'labels']);
  check(
    ['spec', 'filter', 'labels'],
    labels === undefined ||
      labels === null ||
      (isObject(labels) && Object.values(labels).every((v) => typeof v === 'string'))
      ? undefined
      : NOT_LABELS,
  );
  check(['spec', 'filter', 'age'], durationError(at(['spec', 'filter', 'age'])));

  check(
    ['spec', 'template', 'type'],
    choiceErrorExact(at(['spec', 'template', 'type']), TEMPLATE_TYPES),
  );
  check(
    ['spec', 'template', 'severity'],
    choiceError(at(['spec', 'template', 'severity']), TEMPLATE_SEVERITIES),
  );

  check(['spec', 'responders', 'person'], namesError(at(['spec', 'responders', 'person'])));
  check(['spec', 'responders', 'team'], namesError(at(['spec', 'responders', 'team'])));
  emailsOf(at(['spec', 'responders', 'email'])).forEach((email, index) => {
    const to = isObject(email) ? email.to : undefined;
    if (typeof to !== 'string' || to.trim() === '') {
      errors[pathKey(['spec', 'responders', 'email', index, 'to'])] = REQUIRED;
    }
  });

  for (const key of ['autoResolve', 'autoClose'] as const) {
    check(['spec', key, 'timeout'], durationError(at(['spec', key, 'timeout'])));
  }
  return errors;
}
