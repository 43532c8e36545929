import { evaluate } from '../health/cel.js';
import { renderTemplate } from '../template.js';
import { fieldValue, isJsonPath, JsonPathError, query } from './jsonpath.js';
import type { RawDocument, ScrapedItem, ScraperSpec } from './types.js';

/**
 * The fields every scraper shares, applied to the raw documents of the generic scrapers (file,
 * http, sql, exec): `items` splits a document into items; `id`, `name`, `description`, `type`,
 * `class`, `status` and `health` are literals or JSONPaths per item; `createFields` and
 * `deleteFields` give its dates; `labels`, `tags` and `properties` decorate it. Whatever cannot
 * be read is an error naming the field, and the item is left out rather than half made.
 */

const HEALTH = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

export function healthOf(value: string | undefined): ScrapedItem['health'] {
  const v = value?.trim().toLowerCase();
  return (HEALTH as readonly string[]).includes(v ?? '') ? (v as ScrapedItem['health']) : undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function dateAt(fields: unknown, json: unknown): Date | undefined {
  if (!Array.isArray(fields)) return undefined;
  for (const f of fields) {
    const v = typeof f === 'string' ? fieldValue(f, json) : undefined;
    if (!v) continue;
    const d = new Date(/^\d+$/.test(v) ? Number(v) * (v.length <= 10 ? 1000 : 1) : v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return undefined;
}

/** `tags` entries: {name, value | jsonpath | label}; at most 5 (the schema says so too). */
export function tagsOf(
  spec: ScraperSpec,
  json: unknown,
  labels: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = Array.isArray(spec.tags) ? spec.tags.slice(0, 5) : [];
  for (const raw of entries) {
    const t = (raw ?? {}) as { name?: string; value?: string; jsonpath?: string; label?: string };
    if (!t.name) continue;
    const v =
      t.value ??
      (t.jsonpath ? fieldValue(t.jsonpath, json) : t.label ? labels[t.label] : undefined);
    if (v !== undefined && v !== '') out[t.name] = v;
  }
  return out;
}

/** `properties` entries kept when their CEL `filter` holds, texts templated over the item. */
export function propertiesOf(spec: ScraperSpec, item: ScrapedItem): Record<string, unknown>[] {
  if (!Array.isArray(spec.properties)) return [];
  const vars = { config: item.config, name: item.name, type: item.type, labels: item.labels ?? {} };
  return spec.properties.flatMap((raw) => {
    const { filter, ...p } = (raw ?? {}) as Record<string, unknown> & { filter?: string };
    if (typeof filter === 'string' && filter.trim() && evaluate(filter, vars) !== true) return [];
    const out: Record<string, unknown> = { ...p };
    for (const key of ['text', 'tooltip', 'icon', 'label'])
      if (typeof out[key] === 'string') out[key] = renderTemplate(out[key] as string, vars);
    return [out];
  });
}

function split(spec: ScraperSpec, doc: RawDocument): unknown[] {
  const items = str(spec.items);
  if (!items) return [doc.content];
  if (!isJsonPath(items))
    throw new JsonPathError(`items must be a JSONPath such as $.items[*] (got "${items}")`);
  return query(items, doc.content);
}

export interface BaseResult {
  items: ScrapedItem[];
  errors: string[];
}

/** Items from raw documents; `kind` names the scraper type for defaults (`File`, `HTTP`, …). */
export function itemsFromDocuments(
  spec: ScraperSpec,
  docs: readonly RawDocument[],
  kind: string,
): BaseResult {
  const items: ScrapedItem[] = [];
  const errors: string[] = [];
  const staticLabels = (spec.labels ?? {}) as Record<string, string>;
  for (const doc of docs) {
    let parts: unknown[];
    try {
      parts = split(spec, doc);
    } catch (error) {
      errors.push((error as Error).message);
      continue;
    }
    parts.forEach((json, i) => {
      try {
        const d = doc.defaults ?? {};
        const externalId =
          fieldValue(str(spec.id), json) ??
          (parts.length > 1 && d.externalId ? `${d.externalId}#${i}` : d.externalId);
        if (!externalId) {
          errors.push(
            `an item has no id: set id to a JSONPath that names each item (such as $.metadata.uid)`,
          );
          return;
        }
        const type = fieldValue(str(spec.type), json) ?? d.type ?? kind;
        const item: ScrapedItem = {
          externalId,
          name: fieldValue(str(spec.name), json) ?? d.name ?? externalId,
          type,
          class: fieldValue(str(spec.class), json) ?? d.class ?? type,
          config: json,
          labels: { ...staticLabels },
        };
        const description = fieldValue(str(spec.description), json) ?? d.description;
        if (description) item.description = description;
        const status = fieldValue(str(spec.status), json);
        if (status) item.status = status;
        const health = healthOf(fieldValue(str(spec.health), json));
        if (health) item.health = health;
        const created = dateAt(spec.createFields, json);
        if (created) item.createdAt = created;
        const deleted = dateAt(spec.deleteFields, json);
        if (deleted) {
          item.deletedAt = deleted;
          item.deleteReason = 'source';
        }
        const tags = tagsOf(spec, json, item.labels ?? {});
        if (Object.keys(tags).length) item.tags = tags;
        const properties = propertiesOf(spec, item);
        if (properties.length) item.properties = properties;
        items.push(item);
      } catch (error) {
        errors.push((error as Error).message);
      }
    });
  }
  return { items, errors };
}
