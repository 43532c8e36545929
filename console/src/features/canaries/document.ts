import { parse, stringify } from 'yaml';
import { isObject, setAt, type Json } from '../../lib/jsonDoc';
import {
  DEFAULT_SCHEDULE,
  checkTypeById,
  checkTypeOfKey,
  type CheckType,
  type Path,
} from './checkTypes';

export { getAt, isObject, sameValue, setAt, type Json } from '../../lib/jsonDoc';

/**
 * What the editor edits: the canary row's own fields plus its spec. The Form and Code tabs are two
 * views of this one document, so whatever the form does not show is kept as it is.
 */
export interface CanaryDoc {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Json;
}

export const DEFAULT_NAMESPACE = 'default';

function stringMap(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function makeDoc(fields: {
  name?: unknown;
  namespace?: unknown;
  labels?: unknown;
  spec?: unknown;
}): CanaryDoc {
  return {
    name: text(fields.name),
    namespace: text(fields.namespace),
    labels: stringMap(fields.labels),
    spec: isObject(fields.spec) ? fields.spec : {},
  };
}

/** A new health check of one type: one starter check and the default schedule. */
export function newDoc(type: CheckType): CanaryDoc {
  const [key] = type.keys;
  return makeDoc({
    name: '',
    namespace: DEFAULT_NAMESPACE,
    spec: { schedule: DEFAULT_SCHEDULE, ...(key ? { [key]: [type.starter()] } : {}) },
  });
}

// ---------------------------------------------------------------------------------------------
// YAML (the Code tab)

export function docToYaml(doc: CanaryDoc): string {
  const out: Json = { name: doc.name, namespace: doc.namespace };
  if (Object.keys(doc.labels).length > 0) out.labels = doc.labels;
  out.spec = doc.spec;
  return stringify(out, { lineWidth: 0 });
}

/**
 * The Code tab's text as a document, or undefined when it cannot be one (invalid YAML is
 * ignored, spec 001 §5). A pasted Canary manifest (metadata + spec) is accepted too.
 */
export function yamlToDoc(source: string): CanaryDoc | undefined {
  let value: unknown;
  try {
    value = parse(source);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (isObject(value.metadata)) {
    const { name, namespace, labels } = value.metadata;
    return makeDoc({ name, namespace, labels, spec: value.spec });
  }
  if (value.spec !== undefined && !isObject(value.spec)) return undefined;
  return makeDoc(value);
}

// ---------------------------------------------------------------------------------------------
// Checks

export interface CheckRef {
  key: string;
  index: number;
  path: Path;
  check: Json;
}

/** The checks a type's form edits, across its keys (postgres and mysql for SQL Query). */
export function checksOf(doc: CanaryDoc, type: CheckType): CheckRef[] {
  return type.keys.flatMap((key) => {
    const list = doc.spec[key];
    if (!Array.isArray(list)) return [];
    return list.map((check: unknown, index) => ({
      key,
      index,
      path: ['spec', key, index] as Path,
      check: isObject(check) ? check : {},
    }));
  });
}

/** Spec keys holding checks: every list but agentSelector, plus the single webhook. */
function checkLists(spec: Json): [string, unknown[]][] {
  return Object.entries(spec).flatMap(([key, value]): [string, unknown[]][] => {
    if (key === 'agentSelector') return [];
    if (Array.isArray(value)) return value.length > 0 ? [[key, value]] : [];
    return key === 'webhook' && isObject(value) ? [[key, [value]]] : [];
  });
}

/** How many checks of other kinds than `type` the spec holds. */
export function otherCheckCount(doc: CanaryDoc, type: CheckType): number {
  return checkLists(doc.spec)
    .filter(([key]) => !type.form || !type.keys.includes(key))
    .reduce((sum, [, list]) => sum + list.length, 0);
}

/** The type an existing spec is edited as: the first with a form, else the first known one. */
export function detectType(spec: Json): CheckType {
  const keys = checkLists(spec).map(([key]) => key);
  const withForm = keys.map(checkTypeOfKey).find((t) => t?.form);
  const known = keys.map(checkTypeOfKey).find(Boolean);
  return withForm ?? known ?? (checkTypeById('custom') as CheckType);
}

export function addCheck(doc: CanaryDoc, type: CheckType): CanaryDoc {
  const [key] = type.keys;
  if (!key) return doc;
  const list = Array.isArray(doc.spec[key]) ? (doc.spec[key] as unknown[]) : [];
  return setAt(doc, ['spec', key], [...list, type.starter()]);
}

export function removeCheck(doc: CanaryDoc, ref: Pick<CheckRef, 'key' | 'index'>): CanaryDoc {
  const list = doc.spec[ref.key];
  if (!Array.isArray(list)) return doc;
  const rest = list.filter((_, i) => i !== ref.index);
  return setAt(doc, ['spec', ref.key], rest.length > 0 ? rest : undefined);
}

/** Moves a check to another key of its type (the SQL database), at the end of that list. */
export function moveCheck(doc: CanaryDoc, ref: CheckRef, key: string): CanaryDoc {
  if (key === ref.key) return doc;
  const target = Array.isArray(doc.spec[key]) ? (doc.spec[key] as unknown[]) : [];
  return setAt(removeCheck(doc, ref), ['spec', key], [...target, ref.check]);
}
