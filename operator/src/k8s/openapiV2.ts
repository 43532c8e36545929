import type { KindDescriptor } from '@vigil/crds';
import { OBJECT_META, kindSchema, objectMeta, schemaName, type SchemaOf } from './openapi.js';
import { ProtoWriter } from './protobuf.js';

/**
 * OpenAPI v2 (Swagger 2.0) of every kind, from the same schemas as /openapi/v3. kubectl 1.27 and
 * 1.28 read only this, and only as the gnostic OpenAPIv2 protobuf
 * (`application/com.github.proto-openapi.spec.v2@v1.0+protobuf`): apply, create, edit and diff
 * look for PATCH operations that take fieldValidation (then the server validates), explain reads
 * the definitions that carry x-kubernetes-group-version-kind.
 */
export const PROTOBUF_V2 = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
/** What the API server answers it with: `@` may not appear in a Content-Type (Go refuses it). */
export const PROTOBUF_V2_RESPONSE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A v3 schema node as v2 knows it: references into #/definitions; no nullable or junctors;
 * int-or-string and free-form nodes without a type (the API server publishes them so, and
 * kubectl takes an untyped node as "anything").
 */
export function toV2Schema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toV2Schema);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable' || key === 'anyOf' || key === 'oneOf' || key === 'not') continue;
    if (key === '$ref' && typeof value === 'string')
      out.$ref = value.replace('#/components/schemas/', '#/definitions/');
    else if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, toV2Schema(v)]),
      );
    else if (key === 'default' || key === 'enum' || key === 'example' || key.startsWith('x-'))
      out[key] = value;
    else out[key] = toV2Schema(value);
  }
  const freeForm = out['x-kubernetes-preserve-unknown-fields'] === true && !out.properties;
  if (out['x-kubernetes-int-or-string'] === true || freeForm) delete out.type;
  if (out.type === 'array' && !out.items) out.items = {};
  return out;
}

const query = (name: string) => ({ name, in: 'query', type: 'string', uniqueItems: true });
const pathParam = (name: string) => ({ name, in: 'path', required: true, type: 'string' });

export function swaggerDocument(kinds: readonly KindDescriptor[], schemaOf: SchemaOf) {
  const paths: Json = {};
  const definitions: Json = { [OBJECT_META]: toV2Schema(objectMeta) };
  for (const k of kinds) {
    const gvk = { group: k.group, version: k.version, kind: k.kind };
    const ref = { $ref: `#/definitions/${schemaName(k)}` };
    const op = (action: string, id: string, extra: Json = {}) => ({
      operationId: `${id}${k.kind}`,
      consumes: ['application/json'],
      produces: ['application/json'],
      responses: { '200': { description: 'OK', schema: ref } },
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk,
      ...extra,
    });
    const body = (schema: Json) => ({ name: 'body', in: 'body', required: true, schema });
    const writes = [query('dryRun'), query('fieldManager'), query('fieldValidation')];
    const base = `/apis/${k.group}/${k.version}/namespaces/{namespace}/${k.plural}`;
    paths[base] = {
      parameters: [pathParam('namespace')],
      get: op('list', 'list'),
      post: op('post', 'create', { parameters: [body(ref), ...writes] }),
    };
    paths[`${base}/{name}`] = {
      parameters: [pathParam('namespace'), pathParam('name')],
      get: op('get', 'read'),
      put: op('put', 'replace', { parameters: [body(ref), ...writes] }),
      patch: op('patch', 'patch', {
        consumes: [
          'application/json-patch+json',
          'application/merge-patch+json',
          'application/apply-patch+yaml',
        ],
        parameters: [body({ type: 'object' }), ...writes, query('force')],
      }),
      delete: op('delete', 'delete'),
    };
    definitions[schemaName(k)] = toV2Schema(kindSchema(k, schemaOf, '#/definitions/'));
  }
  return { swagger: '2.0', info: { title: 'Vigil', version: 'v1' }, paths, definitions };
}

// ---- gnostic openapi_v2 protobuf (github.com/google/gnostic/openapiv2/OpenAPIv2.proto) ----

/** Any{yaml}: JSON is YAML, and kubectl reads vendor extensions and defaults as YAML. */
const any = (value: unknown) => new ProtoWriter().string(2, JSON.stringify(value));

const vendorExtensions = (w: ProtoWriter, field: number, node: Json) => {
  for (const [name, value] of Object.entries(node))
    if (name.startsWith('x-'))
      w.message(field, new ProtoWriter().string(1, name).message(2, any(value)));
};

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

export function encodeSchema(node: Json): ProtoWriter {
  const w = new ProtoWriter()
    .string(1, str(node.$ref))
    .string(2, str(node.format))
    .string(3, str(node.title))
    .string(4, str(node.description));
  if (node.default !== undefined) w.message(5, any(node.default));
  w.double(6, num(node.multipleOf))
    .double(7, num(node.maximum))
    .bool(8, bool(node.exclusiveMaximum))
    .double(9, num(node.minimum))
    .bool(10, bool(node.exclusiveMinimum))
    .int64(11, num(node.maxLength))
    .int64(12, num(node.minLength))
    .string(13, str(node.pattern))
    .int64(14, num(node.maxItems))
    .int64(15, num(node.minItems))
    .bool(16, bool(node.uniqueItems))
    .int64(17, num(node.maxProperties))
    .int64(18, num(node.minProperties))
    .strings(19, Array.isArray(node.required) ? (node.required as string[]) : []);
  if (Array.isArray(node.enum)) for (const e of node.enum) w.message(20, any(e));
  const extra = node.additionalProperties;
  if (isObject(extra)) w.message(21, new ProtoWriter().message(1, encodeSchema(extra)));
  else if (typeof extra === 'boolean') w.message(21, new ProtoWriter().bool(2, extra, true));
  if (typeof node.type === 'string') w.message(22, new ProtoWriter().string(1, node.type));
  if (isObject(node.items)) w.message(23, new ProtoWriter().message(1, encodeSchema(node.items)));
  if (Array.isArray(node.allOf))
    for (const s of node.allOf) if (isObject(s)) w.message(24, encodeSchema(s));
  if (isObject(node.properties)) {
    const props = new ProtoWriter();
    for (const [name, s] of Object.entries(node.properties))
      if (isObject(s))
        props.message(1, new ProtoWriter().string(1, name).message(2, encodeSchema(s)));
    w.message(25, props);
  }
  vendorExtensions(w, 31, node);
  return w;
}

function encodeParameter(p: Json): ProtoWriter {
  let parameter: ProtoWriter;
  if (p.in === 'body') {
    parameter = new ProtoWriter().message(
      1,
      new ProtoWriter()
        .string(2, str(p.name))
        .string(3, 'body')
        .bool(4, bool(p.required))
        .message(5, encodeSchema(isObject(p.schema) ? p.schema : {})),
    );
  } else {
    const isPath = p.in === 'path';
    const sub = new ProtoWriter()
      .bool(1, bool(p.required))
      .string(2, str(p.in))
      .string(4, str(p.name))
      .string(isPath ? 5 : 6, str(p.type));
    parameter = new ProtoWriter().message(2, new ProtoWriter().message(isPath ? 4 : 3, sub));
  }
  return new ProtoWriter().message(1, parameter); // ParametersItem.parameter
}

function encodeOperation(op: Json): ProtoWriter {
  const w = new ProtoWriter()
    .string(3, str(op.description))
    .string(5, str(op.operationId))
    .strings(6, (op.produces as string[] | undefined) ?? [])
    .strings(7, (op.consumes as string[] | undefined) ?? []);
  for (const p of (op.parameters as Json[] | undefined) ?? []) w.message(8, encodeParameter(p));
  const responses = new ProtoWriter();
  for (const [code, r] of Object.entries((op.responses as Json | undefined) ?? {})) {
    const response = new ProtoWriter().string(1, str((r as Json).description));
    const schema = (r as Json).schema;
    if (isObject(schema)) response.message(2, new ProtoWriter().message(1, encodeSchema(schema)));
    responses.message(
      1,
      new ProtoWriter().string(1, code).message(2, new ProtoWriter().message(1, response)),
    );
  }
  w.message(9, responses);
  vendorExtensions(w, 13, op);
  return w;
}

const OPERATIONS: [string, number][] = [
  ['get', 2],
  ['put', 3],
  ['post', 4],
  ['delete', 5],
  ['patch', 8],
];

/** The Swagger document as the gnostic OpenAPIv2 Document message. */
export function encodeSwagger(doc: ReturnType<typeof swaggerDocument>): Buffer {
  const w = new ProtoWriter().string(1, doc.swagger);
  w.message(2, new ProtoWriter().string(1, doc.info.title).string(2, doc.info.version));
  const paths = new ProtoWriter();
  for (const [name, item] of Object.entries(doc.paths)) {
    const pathItem = new ProtoWriter();
    for (const [verb, field] of OPERATIONS) {
      const op = (item as Json)[verb];
      if (isObject(op)) pathItem.message(field, encodeOperation(op));
    }
    for (const p of ((item as Json).parameters as Json[] | undefined) ?? [])
      pathItem.message(9, encodeParameter(p));
    paths.message(2, new ProtoWriter().string(1, name).message(2, pathItem));
  }
  w.message(8, paths);
  const definitions = new ProtoWriter();
  for (const [name, s] of Object.entries(doc.definitions))
    definitions.message(1, new ProtoWriter().string(1, name).message(2, encodeSchema(s as Json)));
  w.message(9, definitions);
  return w.finish();
}
