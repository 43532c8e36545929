import YAML from 'yaml';
import type { RawDocument } from '../types.js';

/**
 * What an exec scraper's stdout becomes (crds.md §3.3): JSON, else JSON lines (what `jq -c`
 * writes), else YAML (several `---` documents allowed), else one text document. A list gives one
 * document per element, an object one document. Only objects and lists count as structured, so
 * a line of prose (a YAML scalar) stays text. Empty output is no documents.
 */

const structured = (v: unknown): v is object => v !== null && typeof v === 'object';

const spread = (values: unknown[], format: RawDocument['format']): RawDocument[] =>
  values.flatMap((v) => (Array.isArray(v) ? v : [v])).map((content) => ({ content, format }));

function json(text: string): unknown[] | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return structured(v) ? [v] : undefined;
  } catch {
    // below: one value per line
  }
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length < 2 || !lines.every((l) => /^\s*[[{]/.test(l))) return undefined;
  try {
    return lines.map((l) => JSON.parse(l) as unknown);
  } catch {
    return undefined;
  }
}

function yaml(text: string): unknown[] | undefined {
  try {
    const docs = YAML.parseAllDocuments(text);
    if (!Array.isArray(docs) || docs.some((d) => d.errors.length > 0)) return undefined;
    const values = docs.map((d) => d.toJS() as unknown).filter((v) => v !== null);
    return values.length > 0 && values.every(structured) ? values : undefined;
  } catch {
    return undefined;
  }
}

export function documentsFromOutput(stdout: string): RawDocument[] {
  const text = stdout.trim();
  if (!text) return [];
  const asJson = json(text);
  if (asJson) return spread(asJson, 'json');
  const asYaml = yaml(text);
  if (asYaml) return spread(asYaml, 'yaml');
  return [{ content: text, format: 'text' }];
}
