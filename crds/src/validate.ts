/**
 * Server-side validation with the apiserver's vocabulary: StatusCause-style causes naming the
 * field path (`spec.http[0].url`) and Kubernetes-like messages, so /k8s can answer 422 the way a
 * cluster would. Unknown fields are pruned (as a CRD does) and reported as warnings.
 */
import type { z } from 'zod';
import type { KindDescriptor } from './descriptor.js';
import {
  apiVersion as apiVersionOf,
  KINDS,
  kindByName,
  type KindAlias,
  type KindName,
  type ResourceOf,
} from './kinds.js';
import { formatValue } from './kinds/shared/issues.js';
import { DNS1123_LABEL, DNS1123_SUBDOMAIN, objectMeta } from './kinds/shared/meta.js';
import { PRESERVE_UNKNOWN } from './kinds/shared/markers.js';
import { validationSchema, type SchemaNode } from './openapi.js';

export type CauseReason =
  'FieldValueRequired' | 'FieldValueInvalid' | 'FieldValueTypeInvalid' | 'FieldValueNotSupported';

export interface Cause {
  field: string;
  reason: CauseReason;
  message: string;
}

export type ValidationResult<T> =
  { ok: true; value: T; warnings: string[] } | { ok: false; causes: Cause[] };

type Path = readonly PropertyKey[];

/** The JSON type name Kubernetes prints for a value it did not expect. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The apiserver prunes null fields that are not nullable (none of ours are) before validating;
 * inside free-form values it keeps them, as they are the user's data.
 */
function dropNulls(value: unknown, node: SchemaNode | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => dropNulls(item, node?.items));
  if (!isObject(value)) return value;
  if (node?.[PRESERVE_UNKNOWN] && !node.properties) return value;
  const entries = Object.entries(value).flatMap(([key, v]): [string, unknown][] => {
    const child =
      node?.properties?.[key] ??
      (typeof node?.additionalProperties === 'object' ? node.additionalProperties : undefined);
    if (v === null && (child || !node?.[PRESERVE_UNKNOWN])) return [];
    return [[key, dropNulls(v, child)]];
  });
  return Object.fromEntries(entries);
}

function valueAt(root: unknown, path: Path): unknown {
  let cur = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

/** Field path in Kubernetes notation: `.name` for properties, `[i]` for items, `[key]` for maps. */
function locate(base: string, schema: SchemaNode | undefined, path: Path) {
  let field = base;
  let node = schema;
  for (const seg of path) {
    if (typeof seg === 'number') {
      field += `[${seg}]`;
      node = node?.items;
    } else if (node?.properties && String(seg) in node.properties) {
      field += `.${String(seg)}`;
      node = node.properties[String(seg)];
    } else if (typeof node?.additionalProperties === 'object') {
      field += `[${String(seg)}]`;
      node = node.additionalProperties;
    } else {
      field += `.${String(seg)}`;
      node = undefined;
    }
  }
  return { field, node };
}

const ZOD_TYPES: Record<string, string> = { int: 'integer', record: 'object', map: 'object' };

function boundMessage(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall, field: string) {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `${field} in body should have ${small ? 'at least' : 'at most'} ${limit} items`;
  }
  if (issue.origin === 'string') {
    return `${field} in body should be ${small ? 'at least' : 'at most'} ${limit} chars long`;
  }
  const comparison = small ? 'greater than' : 'less than';
  return `${field} in body should be ${comparison}${issue.inclusive ? ' or equal to' : ''} ${limit}`;
}

interface Context {
  base: string;
  schema: SchemaNode | undefined;
  input: unknown;
}

function issueCauses(issue: z.core.$ZodIssue, ctx: Context, prefix: Path = []): Cause[] {
  const path = [...prefix, ...issue.path];
  const { field, node } = locate(ctx.base, ctx.schema, path);
  const value = valueAt(ctx.input, path);
  const shown = Array.isArray(value) ? value.length : value;
  switch (issue.code) {
    case 'invalid_type': {
      if (value === undefined)
        return [{ field, reason: 'FieldValueRequired', message: 'Required value' }];
      const expected = node?.type ?? ZOD_TYPES[issue.expected] ?? issue.expected;
      const message = `Invalid value: "${jsonType(value)}": ${field} in body must be of type ${expected}`;
      return [{ field, reason: 'FieldValueTypeInvalid', message }];
    }
    case 'invalid_value': {
      const supported = issue.values.map((v) => formatValue(v)).join(', ');
      const message = `Unsupported value: ${formatValue(value)}: supported values: ${supported}`;
      return [{ field, reason: 'FieldValueNotSupported', message }];
    }
    case 'too_small':
    case 'too_big': {
      const message = `Invalid value: ${formatValue(shown)}: ${boundMessage(issue, field)}`;
      return [{ field, reason: 'FieldValueInvalid', message }];
    }
    case 'invalid_format': {
      const pattern = typeof node?.pattern === 'string' ? node.pattern : issue.pattern;
      const rule =
        issue.format === 'regex'
          ? `should match '${String(pattern).replace(/^\/|\/[a-z]*$/g, '')}'`
          : `must be of type ${typeof node?.format === 'string' ? node.format : issue.format}`;
      const message = `Invalid value: ${formatValue(value)}: ${field} in body ${rule}`;
      return [{ field, reason: 'FieldValueInvalid', message }];
    }
    case 'invalid_union':
      return unionCauses(issue, ctx, path, field, value, node);
    case 'custom': {
      const reason = (issue.params?.reason as CauseReason | undefined) ?? 'FieldValueInvalid';
      return [{ field, reason, message: issue.message }];
    }
    default:
      return [{ field, reason: 'FieldValueInvalid', message: `Invalid value: ${issue.message}` }];
  }
}

/** Report the branch the value got furthest in, or a type error when it matched none. */
function unionCauses(
  issue: z.core.$ZodIssueInvalidUnion,
  ctx: Context,
  path: Path,
  field: string,
  value: unknown,
  node: SchemaNode | undefined,
): Cause[] {
  const deep = issue.errors.filter((branch) =>
    branch.some((i) => i.path.length > 0 || i.code !== 'invalid_type'),
  );
  const best = deep.sort((a, b) => a.length - b.length)[0];
  if (best) return best.flatMap((i) => issueCauses(i, ctx, path));
  const fromSchema = node?.anyOf?.map((variant) => variant.type ?? '');
  const expected =
    fromSchema ??
    issue.errors
      .flatMap((branch) => branch.map((i) => (i.code === 'invalid_type' ? i.expected : '')))
      .filter(Boolean)
      .map((t) => ZOD_TYPES[t] ?? t);
  const message = `Invalid value: "${jsonType(value)}": ${field} in body must be of type ${expected.join(' or ')}`;
  return [{ field, reason: 'FieldValueTypeInvalid', message }];
}

/** Fields the schema does not declare, as the apiserver's warnings name them. */
function unknownFields(value: unknown, node: SchemaNode | undefined, field: string): string[] {
  if (!node || node[PRESERVE_UNKNOWN]) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => unknownFields(item, node.items, `${field}[${i}]`));
  }
  if (!isObject(value)) return [];
  const { properties, additionalProperties } = node;
  return Object.entries(value).flatMap(([key, v]) => {
    if (properties) {
      const child = properties[key];
      return child
        ? unknownFields(v, child, `${field}.${key}`)
        : [`unknown field "${field}.${key}"`];
    }
    if (typeof additionalProperties === 'object') {
      return unknownFields(v, additionalProperties, `${field}[${key}]`);
    }
    return [];
  });
}

function parse<S extends z.ZodType>(schema: S, input: unknown, base: string) {
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data as z.output<S>, causes: [] as Cause[] };
  const ctx = { base, schema: validationSchema(schema), input };
  return { value: undefined, causes: result.error.issues.flatMap((i) => issueCauses(i, ctx)) };
}

function notSupported(field: string, value: unknown, supported: readonly string[]): Cause {
  const values = supported.map((s) => formatValue(s)).join(', ');
  const message =
    value === undefined
      ? 'Required value'
      : `Unsupported value: ${formatValue(value)}: supported values: ${values}`;
  return {
    field,
    reason: value === undefined ? 'FieldValueRequired' : 'FieldValueNotSupported',
    message,
  };
}

function metadataCauses(metadata: unknown): Cause[] {
  if (metadata === undefined)
    return [{ field: 'metadata', reason: 'FieldValueRequired', message: 'Required value' }];
  const { value, causes } = parse(objectMeta, metadata, 'metadata');
  if (!value) return causes;
  const { name, generateName, namespace } = value;
  if (name === undefined || name === '') {
    if (generateName) return [];
    return [{ field: 'metadata.name', reason: 'FieldValueRequired', message: 'Required value' }];
  }
  const out: Cause[] = [];
  if (name.length > 253) {
    const message = `Invalid value: ${formatValue(name)}: must be no more than 253 characters`;
    out.push({ field: 'metadata.name', reason: 'FieldValueInvalid', message });
  } else if (!DNS1123_SUBDOMAIN.test(name)) {
    const message =
      `Invalid value: ${formatValue(name)}: a lowercase RFC 1123 subdomain must consist of lower ` +
      "case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric " +
      "character (e.g. 'example.com', regex used for validation is " +
      `'${DNS1123_SUBDOMAIN.source.slice(1, -1)}')`;
    out.push({ field: 'metadata.name', reason: 'FieldValueInvalid', message });
  }
  if (namespace && (namespace.length > 63 || !DNS1123_LABEL.test(namespace))) {
    const message =
      `Invalid value: ${formatValue(namespace)}: a lowercase RFC 1123 label must consist of lower ` +
      "case alphanumeric characters or '-', and must start and end with an alphanumeric character";
    out.push({ field: 'metadata.namespace', reason: 'FieldValueInvalid', message });
  }
  return out;
}

function unknownKind(kind: string): ValidationResult<never> {
  const supported = KINDS.flatMap((k) => [k.kind, ...k.aliases]);
  return { ok: false, causes: [notSupported('kind', kind, supported)] };
}

/**
 * Validate a whole object of `kind` (a kind name or alias): apiVersion and kind must match,
 * metadata.name must be a DNS-1123 subdomain, and spec must satisfy the kind's schema. The value
 * has defaults applied, the canonical kind name, and no status (the status subresource owns it).
 */
export function validate<N extends KindName | KindAlias>(
  kind: N,
  object: unknown,
): ValidationResult<ResourceOf<N>>;
export function validate(kind: string, object: unknown): ValidationResult<unknown>;
export function validate(kind: string, object: unknown): ValidationResult<unknown> {
  const descriptor = kindByName(kind);
  if (!descriptor) return unknownKind(kind);
  if (!isObject(object)) {
    const message = `Invalid value: "${jsonType(object)}": body must be of type object`;
    return { ok: false, causes: [{ field: '', reason: 'FieldValueTypeInvalid', message }] };
  }
  const top = Object.fromEntries(Object.entries(object).filter(([, v]) => v !== null));
  const input: Record<string, unknown> = {
    ...top,
    metadata: dropNulls(top.metadata, undefined),
    spec: dropNulls(top.spec, validationSchema(descriptor.spec)),
  };
  const causes: Cause[] = [];
  const version = apiVersionOf(descriptor);
  if (input.apiVersion !== version)
    causes.push(notSupported('apiVersion', input.apiVersion, [version]));
  const kinds = [descriptor.kind, ...descriptor.aliases];
  if (!kinds.includes(input.kind as string)) causes.push(notSupported('kind', input.kind, kinds));
  causes.push(...metadataCauses(input.metadata));
  const spec = specOf(descriptor, input.spec);
  causes.push(...spec.causes);
  if (causes.length) return { ok: false, causes };
  const warnings = unknownFields(input.spec, validationSchema(descriptor.spec), 'spec');
  const value = {
    apiVersion: version,
    kind: descriptor.kind,
    metadata: input.metadata,
    spec: spec.value,
  };
  return { ok: true, value, warnings };
}

function specOf(descriptor: KindDescriptor, spec: unknown) {
  if (spec === undefined) {
    const causes: Cause[] = [
      { field: 'spec', reason: 'FieldValueRequired', message: 'Required value' },
    ];
    return { value: undefined, causes };
  }
  return parse(descriptor.spec, spec, 'spec');
}

/** Validate a status written through the /status subresource (field paths start at `status`). */
export function validateStatus(kind: string, status: unknown): ValidationResult<unknown> {
  const descriptor = kindByName(kind);
  if (!descriptor) return unknownKind(kind);
  const input = dropNulls(status, validationSchema(descriptor.status));
  const { value, causes } = parse(descriptor.status, input, 'status');
  if (causes.length) return { ok: false, causes };
  return {
    ok: true,
    value,
    warnings: unknownFields(input, validationSchema(descriptor.status), 'status'),
  };
}
