import { scrapeConfigSpec, toStructural, type SchemaNode } from '@vigil/crds';
import type { BasicFieldKind, FieldDef } from '../../components/SpecForm/fields';

/**
 * The catalog scraper types the editor offers (spec 001 'Spec editors'). Only their names are
 * written here: each one's spec key and form fields are read from the ScrapeConfig schema of
 * @vigil/crds, so the form never disagrees with what the server accepts.
 */
const TYPE_NAMES = [
  'AWS',
  'Azure',
  'Azure DevOps',
  'File',
  'GitHub Actions',
  'HTTP',
  'Kubernetes',
  'Kubernetes File',
  'SQL',
  'Trivy',
] as const;

export const CUSTOM = 'Custom';

export interface ScraperType {
  label: string;
  /** The spec key holding this type's scrapers; none for Custom. */
  key?: string;
  fields: readonly FieldDef[];
}

// Long text reads better in a text area.
const MULTILINE = new Set(['query', 'script', 'body']);

const humanize = (name: string) =>
  name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export function fieldKind(name: string, node: SchemaNode): BasicFieldKind {
  switch (node.type) {
    case 'string':
      return MULTILINE.has(name) ? 'textarea' : 'text';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'bool';
    case 'array':
      return node.items?.type === 'string' ? 'strings' : 'yaml';
    case 'object': {
      const values = node.additionalProperties;
      const isMap = !node.properties && typeof values === 'object' && values.type === 'string';
      return isMap ? 'map' : 'yaml';
    }
    default:
      return 'yaml';
  }
}

/** The form fields of one scraper of a type: every property of its schema, in schema order. */
export function fieldsOf(item: SchemaNode | undefined): FieldDef[] {
  const required = new Set(item?.required ?? []);
  return Object.entries(item?.properties ?? {}).map(([name, node]) => ({
    kind: fieldKind(name, node),
    path: [name],
    label: humanize(name),
    required: required.has(name),
    helper: node.description,
  }));
}

const normalize = (text: string) => text.replace(/\s+/g, '').toLowerCase();

let types: ScraperType[] | undefined;

/** The offered types, then Custom (any scraper, as YAML). Built once, on first use. */
export function scraperTypes(): readonly ScraperType[] {
  if (types) return types;
  const spec = toStructural(scrapeConfigSpec);
  // Every list in the spec holds scrapers of one kind.
  const keys = Object.keys(spec.properties ?? {}).filter(
    (key) => spec.properties?.[key]?.type === 'array',
  );
  types = [
    ...TYPE_NAMES.flatMap((label) => {
      const key = keys.find((k) => normalize(k) === normalize(label));
      return key ? [{ label, key, fields: fieldsOf(spec.properties?.[key]?.items) }] : [];
    }),
    { label: CUSTOM, fields: [] },
  ];
  return types;
}

export const customType = (): ScraperType =>
  scraperTypes().find((t) => t.label === CUSTOM) as ScraperType;

/**
 * The type an existing spec is edited as: the offered type of its scrapers, or Custom (YAML)
 * when it holds none, several kinds, or a kind the form does not offer.
 */
export function detectScraperType(spec: Record<string, unknown>): ScraperType {
  const kinds = Object.keys(spec).filter(
    (key) => Array.isArray(spec[key]) && (spec[key] as unknown[]).length > 0,
  );
  const [only] = kinds;
  const offered = kinds.length === 1 ? scraperTypes().find((t) => t.key === only) : undefined;
  return offered ?? customType();
}
