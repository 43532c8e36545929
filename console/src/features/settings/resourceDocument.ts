import { parse, stringify } from 'yaml';
import { isBlank, REQUIRED } from '../../lib/formRules';
import { isObject, type Json } from '../../lib/jsonDoc';

/**
 * What a generic settings resource's editor edits (spec 001 §3 "Generic settings resource"):
 * the columns a person sets, with the spec as a plain document. The Form and Code tabs are two
 * views of it, so keys the form does not show are kept as they are.
 */
export interface ResourceDoc {
  name: string;
  namespace?: string;
  icon?: string;
  labels?: Record<string, string>;
  spec: Json;
}

/** Which of the optional columns a table has. */
export type ResourceField = 'namespace' | 'icon' | 'labels';

export const SOURCE_UI = 'UI';
export const DEFAULT_NAMESPACE = 'default';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function stringMap(value: unknown): Record<string, string> | undefined {
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value).filter(([, v]) => typeof v === 'string');
  return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
}

/** The document of a row (or of what the Code tab holds), with only the table's columns. */
export function makeResourceDoc(row: Json, fields: readonly ResourceField[]): ResourceDoc {
  const doc: ResourceDoc = { name: text(row.name), spec: isObject(row.spec) ? row.spec : {} };
  if (fields.includes('namespace')) doc.namespace = text(row.namespace) || DEFAULT_NAMESPACE;
  if (fields.includes('icon') && text(row.icon)) doc.icon = text(row.icon);
  const labels = fields.includes('labels') ? stringMap(row.labels) : undefined;
  if (labels) doc.labels = labels;
  return doc;
}

/** A new resource: source UI and, where it has one, namespace "default" (spec 001 §3). */
export function newResourceDoc(fields: readonly ResourceField[]): ResourceDoc {
  return makeResourceDoc({}, fields);
}

export const docToYaml = (doc: ResourceDoc): string => stringify(doc);

/** The Code tab's text as a document, or undefined when it is not one (it is then ignored). */
export function yamlToDoc(
  textValue: string,
  fields: readonly ResourceField[],
): ResourceDoc | undefined {
  try {
    const value: unknown = parse(textValue);
    return isObject(value) ? makeResourceDoc(value, fields) : undefined;
  } catch {
    return undefined;
  }
}

/** Name and namespace are fixed once the resource exists (spec 001 §4). */
export function keepFixed(parsed: ResourceDoc, current: ResourceDoc, exists: boolean): ResourceDoc {
  if (!exists) return parsed;
  const kept: ResourceDoc = { ...parsed, name: current.name };
  if (current.namespace !== undefined) kept.namespace = current.namespace;
  return kept;
}

/** The checks every resource has: a name (spec 001 §5). */
export function validateResource(doc: ResourceDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(doc.name)) errors.name = REQUIRED;
  if (doc.namespace !== undefined && isBlank(doc.namespace)) errors.namespace = REQUIRED;
  return errors;
}

/** The columns written on save; empty optional ones are cleared. */
export function rowOfDoc(doc: ResourceDoc, fields: readonly ResourceField[]): Json {
  const row: Json = { name: doc.name.trim(), spec: doc.spec };
  if (fields.includes('namespace')) row.namespace = doc.namespace?.trim() || DEFAULT_NAMESPACE;
  if (fields.includes('icon')) row.icon = doc.icon?.trim() || null;
  if (fields.includes('labels')) row.labels = doc.labels ?? null;
  return row;
}
