import { toStructural, topologySpec } from '@vigil/crds';
import { parse, stringify } from 'yaml';
import { REQUIRED, isBlank, pathKey } from '../../../lib/formRules';
import { isObject, type Json } from '../../../lib/jsonDoc';

/**
 * What the topology editor edits (spec 001 §3 'Topology'): the row's name, namespace and labels
 * and its spec (a Topology spec, as @vigil/crds declares it). The Form and Code tabs are two
 * views of this one document, so whatever the form does not show is kept as it is.
 */
export interface TopologyDoc {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Json;
}

/** Spec 001 §3: a new topology's namespace. */
export const DEFAULT_NAMESPACE = 'default';

function stringMap(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function makeTopologyDoc(fields: {
  name?: unknown;
  namespace?: unknown;
  labels?: unknown;
  spec?: unknown;
}): TopologyDoc {
  return {
    name: text(fields.name),
    namespace: text(fields.namespace),
    labels: stringMap(fields.labels),
    spec: isObject(fields.spec) ? fields.spec : {},
  };
}

/** The schedule the Topology schema defaults to, read from it rather than restated. */
export function defaultSchedule(): string | undefined {
  const value = toStructural(topologySpec).properties?.schedule?.default;
  return typeof value === 'string' ? value : undefined;
}

export function newTopologyDoc(): TopologyDoc {
  const schedule = defaultSchedule();
  return makeTopologyDoc({
    name: '',
    namespace: DEFAULT_NAMESPACE,
    spec: schedule ? { schedule } : {},
  });
}

export function topologyToYaml(doc: TopologyDoc): string {
  const out: Json = { name: doc.name, namespace: doc.namespace };
  if (Object.keys(doc.labels).length > 0) out.labels = doc.labels;
  out.spec = doc.spec;
  return stringify(out, { lineWidth: 0 });
}

/**
 * The Code tab's text as a document, or undefined when it cannot be one (invalid YAML is ignored,
 * spec 001 §5). A pasted Topology manifest (metadata + spec) is accepted too.
 */
export function yamlToTopology(source: string): TopologyDoc | undefined {
  let value: unknown;
  try {
    value = parse(source);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.spec !== undefined && !isObject(value.spec)) return undefined;
  if (isObject(value.metadata)) {
    const { name, namespace, labels } = value.metadata;
    return makeTopologyDoc({ name, namespace, labels, spec: value.spec });
  }
  return makeTopologyDoc(value);
}

/**
 * Every problem of the document: a name, and what the Topology schema of @vigil/crds says of the
 * spec, keyed by the dotted path of the field so the form shows it there.
 */
export function validateTopology(doc: TopologyDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(doc.name)) errors.name = REQUIRED;
  const result = topologySpec.safeParse(doc.spec);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = pathKey([
        'spec',
        ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      ]);
      if (errors[key]) continue;
      errors[key] = /received undefined/.test(issue.message) ? REQUIRED : issue.message;
    }
  }
  return errors;
}
