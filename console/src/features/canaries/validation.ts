import { NOT_A_NUMBER, REQUIRED, atLeast, isBlank, pathKey } from '../../lib/formRules';
import { getAt, isObject, type Json } from '../../lib/jsonDoc';
import { CHECK_TYPES, type FieldDef, type Path } from './checkTypes';
import type { CanaryDoc } from './document';

/** Spec 001 §5. */
export { NOT_A_NUMBER, REQUIRED, atLeast, isBlank, pathKey } from '../../lib/formRules';

export interface Rule {
  path: Path;
  required?: boolean;
  unless?: readonly string[];
  number?: boolean;
  min?: number;
}

const fieldRule = (f: FieldDef): Rule => ({
  path: f.path,
  required: f.required,
  unless: f.unless,
  number: f.kind === 'number',
  min: f.min,
});

/**
 * Rules per spec key: the form fields' own, plus those §5 names for types edited as YAML only
 * (Elasticsearch name, url, index, query; Mongo DB name).
 */
export const RULES: Readonly<Record<string, readonly Rule[]>> = {
  elasticsearch: [
    { path: ['name'], required: true },
    { path: ['url'], required: true, unless: ['connection'] },
    { path: ['index'], required: true },
    { path: ['query'], required: true },
    { path: ['results'], number: true, min: 0 },
  ],
  mongodb: [{ path: ['name'], required: true }],
  ...Object.fromEntries(
    CHECK_TYPES.filter((t) => t.form).flatMap((t) =>
      t.keys.map((key) => [
        key,
        t.fields.filter((f) => f.required || f.kind === 'number').map(fieldRule),
      ]),
    ),
  ),
};

export function checkRuleError(check: Json, rule: Rule): string | undefined {
  const value = getAt(check, rule.path);
  if (rule.required && isBlank(value)) {
    const covered = rule.unless?.some((key) => !isBlank(check[key]));
    return covered ? undefined : REQUIRED;
  }
  if (rule.number && value !== undefined && value !== null && value !== '') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return NOT_A_NUMBER;
    if (rule.min !== undefined && value < rule.min) return atLeast(rule.min);
  }
  return undefined;
}

/** Every problem in the document, keyed by the dotted path of the field. */
export function validateDoc(doc: CanaryDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(doc.name)) errors.name = REQUIRED;
  for (const [key, list] of Object.entries(doc.spec)) {
    const rules = RULES[key];
    if (!rules || !Array.isArray(list)) continue;
    list.forEach((item: unknown, index) => {
      const check = isObject(item) ? item : {};
      for (const rule of rules) {
        const error = checkRuleError(check, rule);
        if (error) errors[pathKey(['spec', key, index, ...rule.path])] = error;
      }
    });
  }
  return errors;
}
