import { playbookSpec } from '@vigil/crds';
import { parse, stringify } from 'yaml';
import { REQUIRED, isBlank, pathKey } from '../../../lib/formRules';
import { isObject, type Json } from '../../../lib/jsonDoc';
import type { PlaybookFields } from '../playbooksApi';

/**
 * What the playbook editor edits: the row's name and namespace and its spec (a Playbook spec, as
 * @vigil/crds declares it). The Form and Code tabs are two views of this one document.
 */
export interface PlaybookDoc {
  name: string;
  namespace: string;
  spec: Json;
}

/** Spec 001 §3: a new item's namespace. */
export const DEFAULT_NAMESPACE = 'default';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function makePlaybookDoc(fields: {
  name?: unknown;
  namespace?: unknown;
  spec?: unknown;
}): PlaybookDoc {
  return {
    name: text(fields.name),
    namespace: text(fields.namespace),
    spec: isObject(fields.spec) ? fields.spec : {},
  };
}

export const newPlaybookDoc = (): PlaybookDoc =>
  makePlaybookDoc({ name: '', namespace: DEFAULT_NAMESPACE, spec: {} });

export function playbookToYaml(doc: PlaybookDoc): string {
  return stringify({ name: doc.name, namespace: doc.namespace, spec: doc.spec }, { lineWidth: 0 });
}

/** The Code tab's text as a document; a pasted Playbook manifest is accepted too. */
export function yamlToPlaybook(source: string): PlaybookDoc | undefined {
  let value: unknown;
  try {
    value = parse(source);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.spec !== undefined && !isObject(value.spec)) return undefined;
  if (isObject(value.metadata)) {
    const { name, namespace } = value.metadata;
    return makePlaybookDoc({ name, namespace, spec: value.spec });
  }
  return makePlaybookDoc(value);
}

/**
 * Every problem of the document: a name, and what the Playbook schema of @vigil/crds says of the
 * spec, keyed by the dotted path of the field so the form shows it there.
 */
export function validatePlaybook(doc: PlaybookDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(doc.name)) errors.name = REQUIRED;
  const result = playbookSpec.safeParse(doc.spec);
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

const optional = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The row's columns, filled from the spec as the Playbook controller fills them. */
export function playbookFields(doc: PlaybookDoc): PlaybookFields {
  const name = doc.name.trim();
  return {
    name,
    namespace: doc.namespace.trim() || DEFAULT_NAMESPACE,
    title: optional(doc.spec.title) ?? name,
    icon: optional(doc.spec.icon),
    description: optional(doc.spec.description),
    category: text(doc.spec.category),
    spec: doc.spec,
  };
}
