import crypto from 'node:crypto';
import type { KindDescriptor } from '@vigil/crds';

export type SchemaOf = (k: KindDescriptor) => Record<string, unknown>;

export const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

export function schemaName(k: KindDescriptor): string {
  return `${k.group.split('.').reverse().join('.')}.${k.version}.${k.kind}`;
}

export const objectMeta = {
  type: 'object',
  description:
    'Standard object metadata: name, namespace, labels, annotations and the fields the server sets.',
  properties: {
    name: { type: 'string', description: 'Name must be unique within a namespace.' },
    generateName: {
      type: 'string',
      description: 'A prefix the server completes into a unique name when name is not set.',
    },
    namespace: {
      type: 'string',
      description: 'Namespace defines the space within which each name must be unique.',
    },
    labels: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Map of string keys and values for selecting objects.',
    },
    annotations: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Unstructured key/value data for tools.',
    },
    uid: { type: 'string' },
    resourceVersion: { type: 'string' },
    generation: { type: 'integer', format: 'int64' },
    creationTimestamp: { type: 'string', format: 'date-time' },
    deletionTimestamp: { type: 'string', format: 'date-time' },
    deletionGracePeriodSeconds: { type: 'integer', format: 'int64' },
    selfLink: { type: 'string' },
    finalizers: { type: 'array', items: { type: 'string' } },
    managedFields: {
      type: 'array',
      items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
    ownerReferences: {
      type: 'array',
      items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  },
};

/** A kind's whole-object schema, its metadata a reference under `refBase`. */
export function kindSchema(k: KindDescriptor, schemaOf: SchemaOf, refBase: string) {
  const schema = schemaOf(k);
  return {
    ...schema,
    type: 'object',
    properties: {
      ...((schema.properties as Record<string, unknown> | undefined) ?? {}),
      apiVersion: {
        type: 'string',
        description: 'APIVersion defines the versioned schema of this representation of an object.',
      },
      kind: {
        type: 'string',
        description:
          'Kind is a string value representing the REST resource this object represents.',
      },
      metadata: { $ref: `${refBase}${OBJECT_META}` },
    },
    'x-kubernetes-group-version-kind': [{ group: k.group, version: k.version, kind: k.kind }],
  };
}

const param = (name: string, where = 'query') => ({
  name,
  in: where,
  schema: { type: 'string' },
  ...(where === 'path' ? { required: true } : {}),
});

/**
 * The OpenAPI v3 document of one group-version. kubectl (1.29+) validates server-side only when
 * the object path has a PATCH operation with a fieldValidation parameter and the GVK extension,
 * and `kubectl explain` reads the schemas from here.
 */
export function groupVersionDocument(
  group: string,
  kinds: readonly KindDescriptor[],
  schemaOf: SchemaOf,
) {
  const list = kinds.filter((k) => k.group === group);
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = { [OBJECT_META]: objectMeta };
  for (const k of list) {
    const gvk = { group: k.group, version: k.version, kind: k.kind };
    const ref = { $ref: `#/components/schemas/${schemaName(k)}` };
    const ok = { description: 'OK', content: { 'application/json': { schema: ref } } };
    const object = (action: string) => ({
      'x-kubernetes-action': action,
      'x-kubernetes-group-version-kind': gvk,
      responses: { '200': ok },
    });
    paths[`/apis/${group}/${k.version}/namespaces/{namespace}/${k.plural}`] = {
      parameters: [param('namespace', 'path')],
      get: { ...object('list'), operationId: `list${k.kind}` },
      post: {
        ...object('post'),
        operationId: `create${k.kind}`,
        parameters: [param('dryRun'), param('fieldManager'), param('fieldValidation')],
        requestBody: { content: { 'application/json': { schema: ref } } },
      },
    };
    paths[`/apis/${group}/${k.version}/namespaces/{namespace}/${k.plural}/{name}`] = {
      parameters: [param('namespace', 'path'), param('name', 'path')],
      get: { ...object('get'), operationId: `read${k.kind}` },
      put: {
        ...object('put'),
        operationId: `replace${k.kind}`,
        parameters: [param('dryRun'), param('fieldManager'), param('fieldValidation')],
        requestBody: { content: { 'application/json': { schema: ref } } },
      },
      patch: {
        ...object('patch'),
        operationId: `patch${k.kind}`,
        parameters: [
          param('dryRun'),
          param('fieldManager'),
          param('fieldValidation'),
          param('force'),
        ],
        requestBody: {
          content: Object.fromEntries(
            [
              'application/json-patch+json',
              'application/merge-patch+json',
              'application/apply-patch+yaml',
            ].map((t) => [t, { schema: { type: 'object' } }]),
          ),
        },
      },
      delete: { ...object('delete'), operationId: `delete${k.kind}` },
    };
    schemas[schemaName(k)] = kindSchema(k, schemaOf, '#/components/schemas/');
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Vigil', version: 'v1' },
    paths,
    components: { schemas },
  };
}

export function documentHash(doc: unknown): string {
  return crypto
    .createHash('sha512')
    .update(JSON.stringify(doc))
    .digest('hex')
    .slice(0, 128)
    .toUpperCase();
}

export function openApiRoot(groups: { group: string; hash: string }[]) {
  return {
    paths: Object.fromEntries(
      groups.map(({ group, hash }) => [
        `apis/${group}/v1`,
        { serverRelativeURL: `/openapi/v3/apis/${group}/v1?hash=${hash}` },
      ]),
    ),
  };
}
