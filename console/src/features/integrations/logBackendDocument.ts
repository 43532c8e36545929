import { parse, stringify } from 'yaml';
import { REQUIRED, isBlank } from '../../lib/formRules';
import { isObject, type Json } from '../../lib/jsonDoc';

/** What the log backend editor edits (spec 001 "Log backends"): name, labels and the spec. */
export interface LogBackendDoc {
  name: string;
  labels: Record<string, string>;
  spec: Json;
}

function stringMap(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

export function makeLogBackendDoc(fields: {
  name?: unknown;
  labels?: unknown;
  spec?: unknown;
}): LogBackendDoc {
  return {
    name: typeof fields.name === 'string' ? fields.name : '',
    labels: stringMap(fields.labels),
    spec: isObject(fields.spec) ? fields.spec : {},
  };
}

export const logBackendToYaml = (doc: LogBackendDoc): string => stringify(doc, { lineWidth: 0 });

export function yamlToLogBackend(text: string): LogBackendDoc | undefined {
  try {
    const value: unknown = parse(text);
    return isObject(value) ? makeLogBackendDoc(value) : undefined;
  } catch {
    return undefined;
  }
}

/** A name (spec 001 §5) and a spec, which the table requires. */
export function validateLogBackend(doc: LogBackendDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(doc.name)) errors.name = REQUIRED;
  if (isBlank(doc.spec)) errors.spec = REQUIRED;
  return errors;
}
