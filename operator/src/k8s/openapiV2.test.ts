import { describe, expect, it } from 'vitest';
import { crdsProvider } from './provider.js';
import { encodeSwagger, swaggerDocument, toV2Schema } from './openapiV2.js';
import { readFields } from './protobuf.js';

describe('OpenAPI v2', () => {
  it('turns v3 nodes into v2 ones', () => {
    expect(
      toV2Schema({
        type: 'object',
        properties: {
          port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }] },
          free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          meta: { $ref: '#/components/schemas/X' },
          name: { type: 'string', nullable: true },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        port: { 'x-kubernetes-int-or-string': true },
        free: { 'x-kubernetes-preserve-unknown-fields': true },
        meta: { $ref: '#/definitions/X' },
        name: { type: 'string' },
      },
    });
  });

  it('encodes the gnostic Document: swagger, paths with PATCH operations, definitions', () => {
    const provider = crdsProvider();
    const doc = swaggerDocument(provider.kinds, provider.schemaOf);
    const fields = readFields(encodeSwagger(doc));
    expect((fields.get(1)?.[0] as Buffer).toString()).toBe('2.0');
    const paths = readFields(fields.get(8)?.[0] as Buffer).get(2) ?? [];
    expect(paths).toHaveLength(Object.keys(doc.paths).length);
    const named = paths.map((p) => readFields(p as Buffer));
    const item = named.find((n) =>
      (n.get(1)?.[0] as Buffer).toString().endsWith('/canaries/{name}'),
    );
    const pathItem = readFields(item?.get(2)?.[0] as Buffer);
    const patch = readFields(pathItem.get(8)?.[0] as Buffer);
    // vendor extension x-kubernetes-group-version-kind as YAML (JSON)
    const ext = (patch.get(13) ?? []).map((e) => readFields(e as Buffer));
    const gvk = ext.find(
      (e) => (e.get(1)?.[0] as Buffer).toString() === 'x-kubernetes-group-version-kind',
    );
    const yaml = readFields(gvk?.get(2)?.[0] as Buffer).get(2)?.[0] as Buffer;
    expect(JSON.parse(yaml.toString())).toEqual({
      group: 'canaries.flanksource.com',
      version: 'v1',
      kind: 'Canary',
    });
    const definitions = readFields(fields.get(9)?.[0] as Buffer).get(1) ?? [];
    expect(definitions).toHaveLength(Object.keys(doc.definitions).length);
  });
});
