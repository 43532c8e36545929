import { REQUIRED } from '../../lib/formRules';
import { isObject, type Json } from '../../lib/jsonDoc';

/**
 * A log backend's spec as the server reads it (operator/src/logs/spec.ts, docs/logs.md):
 * exactly one of `file` {paths, format}, `vigil` {} or `loki` {url, connection, selector, tenant}.
 * The console checks the same rules so a backend the Logs page cannot use is not saved.
 */

export const BACKEND_KINDS = [
  { value: 'file', label: 'Files on the server' },
  { value: 'vigil', label: "Vigil's own logs" },
  { value: 'loki', label: 'Loki' },
] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number]['value'];

export const ONE_KIND = 'The spec needs exactly one of file, vigil or loki';
export const NOT_A_FORMAT = 'This field must be one of auto, json or text';
export const NOT_A_URL = 'This field must be an http or https URL';
export const URL_OR_CONNECTION = 'A Loki backend needs a url or a connection';
export const UNKNOWN_FIELD = (name: string) => `Unknown field ${name}`;

/** A new backend of each kind, as the Form's kind chooser writes it. */
export const TEMPLATES: Record<BackendKind, Json> = {
  file: { file: { paths: ['/var/log/app/*.log'], format: 'auto' } },
  vigil: { vigil: {} },
  loki: { loki: { url: 'http://loki:3100', selector: '{namespace="default"}' } },
};

export function kindOf(spec: unknown): BackendKind | undefined {
  if (!isObject(spec)) return undefined;
  const kinds = BACKEND_KINDS.map((k) => k.value).filter((k) => k in spec);
  return kinds.length === 1 ? kinds[0] : undefined;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

function unknownFields(
  node: Json,
  known: readonly string[],
  at: string,
  errors: Record<string, string>,
) {
  for (const key of Object.keys(node))
    if (!known.includes(key)) errors[`${at}.${key}`] = UNKNOWN_FIELD(key);
}

/** Every problem of the spec, keyed by the dotted path of its field. */
export function validateBackendSpec(spec: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const kind = kindOf(spec);
  if (!kind || !isObject(spec)) return { spec: ONE_KIND };
  unknownFields(spec, [kind], 'spec', errors);
  const node = spec[kind];
  if (kind === 'vigil') {
    if (node !== null && node !== true && !(isObject(node) && Object.keys(node).length === 0))
      errors['spec.vigil'] = 'vigil takes no settings: write vigil: {}';
    return errors;
  }
  if (!isObject(node)) return { [`spec.${kind}`]: REQUIRED };
  if (kind === 'file') {
    unknownFields(node, ['paths', 'format'], 'spec.file', errors);
    const paths = node.paths;
    const list = typeof paths === 'string' ? [paths] : paths;
    if (!Array.isArray(list) || list.length === 0 || list.some(blank))
      errors['spec.file.paths'] = REQUIRED;
    if (node.format !== undefined && !['auto', 'json', 'text'].includes(node.format as string))
      errors['spec.file.format'] = NOT_A_FORMAT;
    return errors;
  }
  unknownFields(node, ['url', 'connection', 'selector', 'tenant'], 'spec.loki', errors);
  if (
    node.url !== undefined &&
    (blank(node.url) || !/^https?:\/\/[^\s]+$/.test(node.url as string))
  )
    errors['spec.loki.url'] = NOT_A_URL;
  if (blank(node.url) && blank(node.connection)) errors['spec.loki'] = URL_OR_CONNECTION;
  for (const key of ['connection', 'selector', 'tenant'])
    if (node[key] !== undefined && blank(node[key])) errors[`spec.loki.${key}`] = REQUIRED;
  return errors;
}
