/**
 * zod schema -> Kubernetes structural OpenAPI v3 schema, and the CRD built from a descriptor.
 * z.toJSONSchema does the heavy lifting; the post-processing here enforces what the apiserver
 * requires of a structural schema (no $ref, a type on every node, no additionalProperties: false,
 * no junctors carrying types) and what it cannot take (`const`, `propertyNames`, JS-only regexes).
 */
import { z } from 'zod';
import type { KindDescriptor } from './descriptor.js';
import { PRESERVE_UNKNOWN, SCHEMALESS } from './kinds/shared/markers.js';

export interface SchemaNode {
  type?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  required?: string[];
  anyOf?: SchemaNode[];
  [key: string]: unknown;
}

const INT_OR_STRING = 'x-kubernetes-int-or-string';
const INT32 = [-2147483648, 2147483647] as const;

/** Keys copied as they are; anything else zod emits is dropped. */
const KEPT = [
  'type',
  'description',
  'format',
  'enum',
  'default',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'nullable',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
];

function isEmptySchema(node: unknown): boolean {
  return typeof node === 'object' && node !== null && Object.keys(node).length === 0;
}

function sortKeys<T extends Record<string, unknown>>(node: T): T {
  return Object.fromEntries(Object.entries(node).sort(([a], [b]) => (a < b ? -1 : 1))) as T;
}

function freeFormNode(description: unknown): SchemaNode {
  const node: SchemaNode = { type: 'object', [PRESERVE_UNKNOWN]: true };
  if (typeof description === 'string') node.description = description;
  return sortKeys(node);
}

function isIntOrString(variants: SchemaNode[]): boolean {
  const types = variants.map((v) => v.type).sort();
  return types.length === 2 && types[0] === 'integer' && types[1] === 'string';
}

class Converter {
  constructor(
    private readonly defs: Record<string, SchemaNode>,
    /** Keep the full schema under SCHEMALESS nodes (for validation, not for the CRD). */
    private readonly expandSchemaless: boolean,
  ) {}

  node(raw: SchemaNode, path: string, stack: readonly string[]): SchemaNode {
    // zod wraps a reference with siblings in a one-element allOf.
    if (Array.isArray(raw.allOf)) {
      const { allOf, ...siblings } = raw;
      if (allOf.length !== 1) throw new Error(`${path}: allOf is not structural`);
      return this.node({ ...(allOf[0] as SchemaNode), ...siblings }, path, stack);
    }
    if (raw.$ref === '#') return freeFormNode(raw.description);
    if (typeof raw.$ref === 'string') {
      const name = raw.$ref.split('/').pop() ?? '';
      const def = this.defs[name];
      if (!def) throw new Error(`${path}: unresolved ${raw.$ref}`);
      const { $ref: _ref, ...siblings } = raw;
      // Structural schemas cannot recurse: the repeated level is left free-form.
      if (stack.includes(name)) return freeFormNode(siblings.description ?? def.description);
      return this.node({ ...def, ...siblings }, path, [...stack, name]);
    }
    if (raw[SCHEMALESS] && !this.expandSchemaless) return freeFormNode(raw.description);
    if (raw.anyOf) return this.union(raw, path);

    const out: SchemaNode = {};
    for (const key of KEPT) if (raw[key] !== undefined) out[key] = raw[key];
    if (raw.const !== undefined) out.enum = [raw.const];
    // zod adds JS regexes beside formats (date-time, ...); the format alone says it.
    if (out.format && out.pattern) delete out.pattern;
    const preserve = raw[PRESERVE_UNKNOWN] === true;
    if (preserve) out[PRESERVE_UNKNOWN] = true;

    if (out.type === 'integer') this.integer(out);
    if (raw.items) out.items = this.node(raw.items, `${path}[]`, stack);
    if (raw.properties) {
      out.properties = sortKeys(
        Object.fromEntries(
          Object.entries(raw.properties).map(([k, v]) => [k, this.node(v, `${path}.${k}`, stack)]),
        ),
      );
      if (raw.required?.length) out.required = [...raw.required].sort();
    }
    const extra = raw.additionalProperties;
    if (typeof extra === 'object' && !isEmptySchema(extra)) {
      if (raw.properties) throw new Error(`${path}: properties and additionalProperties together`);
      out.additionalProperties = this.node(extra, `${path}[*]`, stack);
    } else if (isEmptySchema(extra) && !preserve) {
      throw new Error(`${path}: free-form object without the preserve-unknown-fields marker`);
    }
    if (!out.type && !preserve) throw new Error(`${path}: node without a type`);
    return sortKeys(out);
  }

  private union(raw: SchemaNode, path: string): SchemaNode {
    const variants = raw.anyOf ?? [];
    const out: SchemaNode = {};
    if (raw.description) out.description = raw.description;
    if (raw.default !== undefined) out.default = raw.default;
    if (isIntOrString(variants)) {
      out[INT_OR_STRING] = true;
      out.anyOf = [{ type: 'integer' }, { type: 'string' }];
    } else {
      // Junctors may not carry types in a structural schema; zod still checks the variants.
      if (!raw.description) throw new Error(`${path}: a union needs a description`);
      out[PRESERVE_UNKNOWN] = true;
    }
    return sortKeys(out);
  }

  private integer(out: SchemaNode): void {
    const safe = Number.MAX_SAFE_INTEGER;
    if (out.minimum === INT32[0] && out.maximum === INT32[1]) {
      delete out.minimum;
      delete out.maximum;
      out.format ??= 'int32';
    }
    if (out.minimum === -safe) delete out.minimum;
    if (out.maximum === safe) delete out.maximum;
    out.format ??= 'int64';
  }
}

const caches = {
  crd: new WeakMap<z.ZodType, SchemaNode>(),
  full: new WeakMap<z.ZodType, SchemaNode>(),
};

function convert(schema: z.ZodType, expandSchemaless: boolean): SchemaNode {
  const cache = expandSchemaless ? caches.full : caches.crd;
  const hit = cache.get(schema);
  if (hit) return hit;
  const raw = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as SchemaNode;
  const { definitions, ...root } = raw;
  const defs = (definitions ?? {}) as Record<string, SchemaNode>;
  const result = new Converter(defs, expandSchemaless).node(root, '', []);
  cache.set(schema, result);
  return result;
}

/** The structural OpenAPI v3 schema of a zod schema, as the CRD carries it (memoised). */
export function toStructural(schema: z.ZodType): SchemaNode {
  return convert(schema, false);
}

/**
 * The same with embedded schemas (a Topology's CanarySpec lookups) expanded: what zod actually
 * checks, so validation can name fields and spot unknown ones inside them too.
 */
export function validationSchema(schema: z.ZodType): SchemaNode {
  return convert(schema, true);
}

/** The whole object's schema, as a CRD version's openAPIV3Schema. */
export function objectSchema(kind: KindDescriptor): SchemaNode {
  return {
    type: 'object',
    description: kind.description,
    properties: {
      apiVersion: {
        type: 'string',
        description: 'Versioned schema of this representation of an object.',
      },
      kind: { type: 'string', description: 'REST resource this object represents.' },
      metadata: { type: 'object' },
      spec: { ...toStructural(kind.spec), description: `Desired state of the ${kind.kind}.` },
      status: { ...toStructural(kind.status), description: `Observed state of the ${kind.kind}.` },
    },
    required: ['spec'],
  };
}

/** apiextensions.k8s.io/v1 CustomResourceDefinition for a kind. */
export function crdManifest(kind: KindDescriptor): Record<string, unknown> {
  const subresources: Record<string, unknown> = { status: {} };
  if (kind.scale) subresources.scale = { ...kind.scale };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: {
      name: `${kind.plural}.${kind.group}`,
      labels: { 'app.kubernetes.io/part-of': 'vigil' },
    },
    spec: {
      group: kind.group,
      names: {
        kind: kind.kind,
        listKind: kind.listKind,
        plural: kind.plural,
        singular: kind.singular,
        shortNames: [...kind.shortNames],
        categories: [...kind.categories],
      },
      scope: kind.namespaced ? 'Namespaced' : 'Cluster',
      versions: [
        {
          name: kind.version,
          served: true,
          storage: true,
          subresources,
          additionalPrinterColumns: kind.printerColumns.map((c) => ({ ...c })),
          schema: { openAPIV3Schema: objectSchema(kind) },
        },
      ],
    },
  };
}
