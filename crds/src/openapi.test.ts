import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KINDS, kindByName } from './kinds.js';
import { freeForm, intOrString } from './kinds/shared/markers.js';
import { crdManifest, objectSchema, toStructural, type SchemaNode } from './openapi.js';

const PRESERVE = 'x-kubernetes-preserve-unknown-fields';
const FORBIDDEN = ['$ref', 'definitions', '$schema', 'allOf', 'oneOf', 'not', 'const'];

/** The apiserver's structural-schema rules, checked over the whole tree. */
function structuralProblems(node: SchemaNode, path: string): string[] {
  const problems: string[] = [];
  for (const key of [...FORBIDDEN, 'propertyNames', 'patternProperties']) {
    if (key in node) problems.push(`${path}: has ${key}`);
  }
  const intOrString = node['x-kubernetes-int-or-string'] === true;
  if (!node.type && !intOrString && !node[PRESERVE]) problems.push(`${path}: no type`);
  if (Array.isArray(node.type)) problems.push(`${path}: type array`);
  if (node.additionalProperties === false) problems.push(`${path}: additionalProperties false`);
  if (node.properties && node.additionalProperties) problems.push(`${path}: both property kinds`);
  if (node.anyOf) {
    const types = node.anyOf.map((v) => JSON.stringify(v)).sort();
    if (!intOrString || types.join() !== '{"type":"integer"},{"type":"string"}') {
      problems.push(`${path}: anyOf outside int-or-string`);
    }
  }
  if (node.type === 'integer' && !['int32', 'int64'].includes(String(node.format))) {
    problems.push(`${path}: integer without format`);
  }
  if (Array.isArray(node.enum) && node.default !== undefined && !node.enum.includes(node.default)) {
    problems.push(`${path}: default outside enum`);
  }
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    problems.push(...structuralProblems(child, `${path}.${key}`));
  }
  if (node.items) problems.push(...structuralProblems(node.items, `${path}[]`));
  if (typeof node.additionalProperties === 'object') {
    problems.push(...structuralProblems(node.additionalProperties, `${path}[*]`));
  }
  return problems;
}

function preservedPaths(node: SchemaNode, path = ''): string[] {
  const own = node[PRESERVE] ? [path] : [];
  const children = [
    ...Object.entries(node.properties ?? {}).map(([k, v]) => preservedPaths(v, `${path}.${k}`)),
    node.items ? preservedPaths(node.items, `${path}[]`) : [],
    typeof node.additionalProperties === 'object'
      ? preservedPaths(node.additionalProperties, `${path}[*]`)
      : [],
  ];
  return [...own, ...children.flat()];
}

function at(node: SchemaNode | undefined, path: string): SchemaNode | undefined {
  return path
    .split('.')
    .filter(Boolean)
    .reduce<SchemaNode | undefined>(
      (n, seg) => (seg === '[]' ? n?.items : n?.properties?.[seg]),
      node,
    );
}

function schemaOf(kind: string): SchemaNode {
  const descriptor = kindByName(kind);
  if (!descriptor) throw new Error(kind);
  return objectSchema(descriptor);
}

describe('structural schemas', () => {
  it.each(KINDS.map((k) => [k.kind, k] as const))('%s follows the structural rules', (_n, kind) => {
    expect(structuralProblems(objectSchema(kind), '')).toEqual([]);
  });

  it('preserves unknown fields only where the spec is free-form', () => {
    const canary = preservedPaths(schemaOf('Canary'));
    expect(canary).toContain('.spec.junit[].spec');
    expect(canary).toContain('.spec.kubernetesResource[].resources[]');
    expect(canary).toContain('.spec.kubernetesResource[].checks[]');
    expect(canary).toContain('.spec.pod[]');
    expect(canary).toContain('.spec.pubsub[]');
    expect(canary.filter((p) => /^\.spec\.(http|dns|tcp|icmp|exec|postgres)\[\]$/.test(p))).toEqual(
      [],
    );
    expect(preservedPaths(schemaOf('Permission'))).toEqual([]);
    expect(preservedPaths(schemaOf('Notification'))).toEqual([]);
    // Every preserved node says what goes there.
    for (const kind of KINDS) {
      const root = objectSchema(kind);
      for (const path of preservedPaths(root)) {
        const node = path.split(/(?=\.)|(?=\[)/).reduce<SchemaNode | undefined>((n, seg) => {
          if (seg === '[]') return n?.items;
          if (seg === '[*]') return n?.additionalProperties as SchemaNode;
          return n?.properties?.[seg.slice(1)];
        }, root);
        expect(node?.description, `${kind.kind}${path}`).toBeTruthy();
      }
    }
  });

  it('keeps defaults and descriptions, and gives integers a format', () => {
    const canary = schemaOf('Canary');
    expect(at(canary, 'spec.replicas')).toMatchObject({
      type: 'integer',
      default: 1,
      format: 'int64',
    });
    expect(at(canary, 'spec.replicas')?.description).toBe('0 pauses the canary.');
    expect(at(canary, 'spec.http.[].method')).toEqual({ type: 'string', default: 'GET' });
    expect(at(canary, 'spec.dns.[].port')).toMatchObject({
      default: 53,
      minimum: 1,
      maximum: 65535,
    });
    expect(at(canary, 'spec.dns.[].querytype')?.enum).toContain('CNAME');
    expect(at(canary, 'spec.http.[].tlsConfig.handshakeTimeout')).toMatchObject({
      'x-kubernetes-int-or-string': true,
      default: '10s',
    });
    expect(at(schemaOf('Permission'), 'spec.deny')).toMatchObject({
      type: 'boolean',
      default: false,
    });
  });

  it('requires what upstream requires', () => {
    const canary = schemaOf('Canary');
    expect(at(canary, 'spec.http.[]')?.required).toEqual(['name']);
    expect(at(canary, 'spec.exec.[]')?.required).toEqual(['name', 'script']);
    expect(at(canary, 'spec.junit.[]')?.required).toEqual(['name', 'testResults']);
    expect(at(canary, 'spec.catalog.[]')?.required).toEqual(['name', 'selector']);
    expect(at(schemaOf('Notification'), 'spec')?.required).toEqual(['events', 'to']);
    expect(at(schemaOf('Permission'), 'spec')?.required).toEqual(['actions', 'object', 'subject']);
    expect(at(schemaOf('Playbook'), 'spec')?.required).toEqual(['actions']);
  });

  it('declares conditions as a list map keyed by type', () => {
    for (const kind of KINDS) {
      const conditions = at(objectSchema(kind), 'status.conditions');
      expect(conditions).toMatchObject({
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['type'],
      });
      expect(conditions?.items?.required).toEqual([
        'lastTransitionTime',
        'message',
        'reason',
        'status',
        'type',
      ]);
      expect(at(conditions, '[].status')?.enum).toEqual(['True', 'False', 'Unknown']);
    }
  });

  it('turns recursion into a free-form level instead of a $ref', () => {
    const component = at(schemaOf('Topology'), 'spec.components.[]');
    expect(component?.properties?.name).toEqual({ type: 'string' });
    expect(at(component, 'components.[]')).toMatchObject({ type: 'object', [PRESERVE]: true });
    expect(at(component, 'forEach.components.[]')).toMatchObject({ [PRESERVE]: true });
  });

  it('refuses a free-form value nobody marked as such', () => {
    expect(() => toStructural(z.object({ a: z.record(z.string(), z.unknown()) }))).toThrow(
      /preserve-unknown-fields marker/,
    );
    expect(() => toStructural(z.object({ a: z.unknown() }))).toThrow(/without a type/);
    expect(toStructural(z.object({ a: freeForm('x') })).properties?.a).toEqual({
      type: 'object',
      description: 'x',
      [PRESERVE]: true,
    });
    expect(toStructural(z.object({ a: intOrString('d') })).properties?.a).toEqual({
      description: 'd',
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      'x-kubernetes-int-or-string': true,
    });
  });
});

describe('printer columns', () => {
  it.each(KINDS.map((k) => [k.kind, k] as const))('%s columns point at real fields', (_n, kind) => {
    const root = objectSchema(kind);
    for (const column of kind.printerColumns) {
      const path = column.jsonPath.replace(/\[\?\(@\.type=="Ready"\)\]/, '.[]').slice(1);
      if (path === 'metadata.creationTimestamp') continue;
      const node = at(root, path);
      expect(node, column.jsonPath).toBeDefined();
      // A string column may show a list: kubectl prints the JSONPath result as text.
      const allowed: Record<string, string[]> = { date: ['string'], string: ['string', 'array'] };
      expect(allowed[column.type] ?? [column.type], column.jsonPath).toContain(node?.type);
      if (column.type === 'date') expect(node?.format, column.jsonPath).toBe('date-time');
    }
  });
});

describe('crdManifest', () => {
  it('builds a namespaced v1 CRD with status, names and columns', () => {
    const canary = kindByName('Canary');
    if (!canary) throw new Error('Canary');
    const crd = crdManifest(canary) as {
      metadata: { name: string };
      spec: { scope: string; names: Record<string, unknown>; versions: Record<string, unknown>[] };
    };
    expect(crd).toMatchObject({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'canaries.canaries.flanksource.com' },
    });
    expect(crd.spec.scope).toBe('Namespaced');
    expect(crd.spec.names).toEqual({
      kind: 'Canary',
      listKind: 'CanaryList',
      plural: 'canaries',
      singular: 'canary',
      shortNames: ['cnry'],
      categories: ['vigil'],
    });
    expect(crd.spec.versions).toHaveLength(1);
    expect(crd.spec.versions[0]).toMatchObject({
      name: 'v1',
      served: true,
      storage: true,
      subresources: {
        status: {},
        scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' },
      },
    });
    expect(crd.spec.versions[0]?.additionalPrinterColumns).toContainEqual({
      name: 'Message',
      type: 'string',
      jsonPath: '.status.message',
      description: 'First message of the last run.',
      priority: 1,
    });
  });

  it('generates a CRD for each notification kind, with the same schema', () => {
    const crdOf = (kind: string) => {
      const k = kindByName(kind);
      if (!k) throw new Error(kind);
      return crdManifest(k) as {
        metadata: { name: string };
        spec: {
          names: object;
          versions: {
            schema: {
              openAPIV3Schema: {
                properties: { spec: { properties: unknown }; status: { properties: unknown } };
              };
            };
          }[];
        };
      };
    };
    const rule = crdOf('NotificationRule');
    const notification = crdOf('Notification');
    expect(rule.metadata.name).toBe('notificationrules.mission-control.flanksource.com');
    expect(rule.spec.names).toEqual({
      kind: 'NotificationRule',
      listKind: 'NotificationRuleList',
      plural: 'notificationrules',
      singular: 'notificationrule',
      shortNames: ['nr'],
      categories: ['vigil'],
    });
    expect(notification.metadata.name).toBe('notifications.mission-control.flanksource.com');
    expect(notification.spec.names).toEqual({
      kind: 'Notification',
      listKind: 'NotificationList',
      plural: 'notifications',
      singular: 'notification',
      shortNames: ['notif'],
      categories: ['vigil'],
    });
    const [ruleSchema, notificationSchema] = [rule, notification].map(
      (crd) => crd.spec.versions[0]?.schema.openAPIV3Schema.properties,
    );
    expect(ruleSchema?.spec.properties).toEqual(notificationSchema?.spec.properties);
    expect(ruleSchema?.status.properties).toEqual(notificationSchema?.status.properties);
  });

  it('stays small enough for client-side kubectl apply (256 KiB last-applied annotation)', () => {
    for (const kind of KINDS) {
      expect(JSON.stringify(crdManifest(kind)).length, kind.kind).toBeLessThan(262144);
    }
  });

  it('has no additionalProperties: false at the root and keeps metadata open', () => {
    for (const kind of KINDS) {
      const root = objectSchema(kind);
      expect(root.additionalProperties).toBeUndefined();
      expect(root.properties?.metadata).toEqual({ type: 'object' });
      expect(root.required).toEqual(['spec']);
    }
  });
});
