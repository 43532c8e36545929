import type { KindDescriptor } from '@vigil/crds';
import { objectMeta, type SchemaOf } from './openapi.js';
import { badRequest } from './status.js';

type Node = {
  properties?: Record<string, Node>;
  items?: Node;
  additionalProperties?: Node | boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
};
const PRESERVE = 'x-kubernetes-preserve-unknown-fields';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(value: unknown, node: Node | undefined, path: string, unknown: string[]): unknown {
  if (!node) return value;
  if (Array.isArray(value))
    return node.items ? value.map((v, i) => walk(v, node.items, `${path}[${i}]`, unknown)) : value;
  if (!isObject(value)) return value;
  if (node.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const child = node.properties[key];
      const at = path ? `${path}.${key}` : key;
      if (child) out[key] = walk(v, child, at, unknown);
      else if (node[PRESERVE]) out[key] = v;
      else unknown.push(at);
    }
    return out;
  }
  const extra = node.additionalProperties;
  if (typeof extra === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, walk(v, extra, `${path}[${key}]`, unknown)]),
    );
  return value; // free-form (preserve-unknown-fields): kept as written
}

/**
 * Structural pruning, as the API server does for custom resources: fields the kind's schema does
 * not declare are dropped (except under x-kubernetes-preserve-unknown-fields) and named, in the
 * API server's words, for the fieldValidation directive. Status is left alone: only the status
 * subresource writes it, and it is not what a manifest's typo lands in.
 */
export function pruneUnknown(
  k: KindDescriptor,
  schemaOf: SchemaOf,
  obj: Record<string, unknown>,
): { object: Record<string, unknown>; unknown: string[] } {
  const schema = schemaOf(k) as Node;
  const root: Node = {
    properties: {
      ...(schema.properties ?? {}),
      apiVersion: {},
      kind: {},
      metadata: objectMeta as Node,
      status: { [PRESERVE]: true },
    },
  };
  const unknown: string[] = [];
  const object = walk(obj, root, '', unknown) as Record<string, unknown>;
  return { object, unknown: unknown.sort() };
}

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** The request's fieldValidation directive; the API server's default is Warn. */
export function fieldValidation(query: unknown): FieldValidation {
  if (query === 'Strict' || query === 'Ignore') return query;
  if (query === undefined || query === 'Warn' || query === '') return 'Warn';
  throw badRequest(
    `fieldValidation parameter unsupported: ${String(query)}; supported values: Ignore, Warn, Strict`,
  );
}

/** A field named in a `Warning: 299` header or a strict decoding error. */
export const unknownFieldMessage = (field: string) => `unknown field "${field}"`;

/** The 400 of fieldValidation=Strict, worded as the API server's for custom resources. */
export function strictDecodingError(k: KindDescriptor, unknown: string[]) {
  return badRequest(
    `${k.kind} in version "${k.version}" cannot be handled as a ${k.kind}: strict decoding error: ${unknown.map(unknownFieldMessage).join(', ')}`,
  );
}

/** An RFC 7234 warn-text: quoted, with quotes and backslashes escaped. */
export const warningHeader = (text: string) =>
  `299 - "${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
