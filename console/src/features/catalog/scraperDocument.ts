import { scrapeConfigSpec } from '@vigil/crds';
import { parse, stringify } from 'yaml';
import { REQUIRED, isBlank, pathKey } from '../../lib/formRules';
import { isObject, setAt, type Json } from '../../lib/jsonDoc';
import type { ScraperType } from './scraperTypes';

/** What the scraper editor edits: the row's name and its spec (a ScrapeConfig spec). */
export interface ScraperDoc {
  name: string;
  spec: Json;
}

/** The schedule a new scraper starts with. */
export const NEW_SCRAPER_SCHEDULE = '@every 60m';

export function makeScraperDoc(fields: { name?: unknown; spec?: unknown }): ScraperDoc {
  return {
    name: typeof fields.name === 'string' ? fields.name : '',
    spec: isObject(fields.spec) ? fields.spec : {},
  };
}

/** A new scraper of a type: one empty scraper of it (none for Custom). */
export function newScraperDoc(type: ScraperType): ScraperDoc {
  const spec: Json = { schedule: NEW_SCRAPER_SCHEDULE };
  if (type.key) spec[type.key] = [{}];
  return { name: '', spec };
}

export function scraperToYaml(doc: ScraperDoc): string {
  return stringify({ name: doc.name, spec: doc.spec }, { lineWidth: 0 });
}

/** The Code tab's text as a document; a pasted ScrapeConfig manifest is accepted too. */
export function yamlToScraper(text: string): ScraperDoc | undefined {
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.spec !== undefined && !isObject(value.spec)) return undefined;
  if (isObject(value.metadata))
    return makeScraperDoc({ name: value.metadata.name, spec: value.spec });
  return makeScraperDoc(value);
}

/**
 * Every problem of the document: a name, and what the ScrapeConfig schema of @vigil/crds says of
 * the spec (keyed by the dotted path of the field, so the form shows it at the field).
 */
export function validateScraper(doc: ScraperDoc): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(doc.name)) errors.name = REQUIRED;
  const result = scrapeConfigSpec.safeParse(doc.spec);
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

export function addScraper(doc: ScraperDoc, key: string): ScraperDoc {
  const list = Array.isArray(doc.spec[key]) ? (doc.spec[key] as unknown[]) : [];
  return setAt(doc, ['spec', key], [...list, {}]);
}

export function removeScraper(doc: ScraperDoc, key: string, index: number): ScraperDoc {
  const list = Array.isArray(doc.spec[key]) ? (doc.spec[key] as unknown[]) : [];
  const rest = list.filter((_, i) => i !== index);
  return setAt(doc, ['spec', key], rest.length > 0 ? rest : undefined);
}
