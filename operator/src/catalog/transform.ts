import { evaluate, plain } from '../health/cel.js';
import { renderTemplate } from '../template.js';
import { healthOf } from './base.js';
import { maskAt, query, removeAt } from './jsonpath.js';
import type { ScrapedAnalysis, ScrapedChange, ScrapedItem, ScraperSpec } from './types.js';

/**
 * `transform`: a script (`expr` CEL or `gotemplate`) that rewrites each item into one or more
 * result objects, then `exclude` (drop fields), `mask` (hash or replace fields), `changes`
 * (drop or re-map changes) and `relationship` (link items to others by selector). JavaScript
 * transforms need a sandboxed runtime Vigil does not have yet: they are an error, never skipped.
 */

export interface RelationshipRule {
  from: { externalId: string; type: string };
  /** Every given field must match the related item (id, external id, name, namespace, type, labels). */
  selector: {
    id?: string;
    externalId?: string;
    name?: string;
    namespace?: string;
    type?: string;
    labels?: Record<string, string>;
  };
  /** The related item becomes the parent of `from`. */
  parent: boolean;
}

export interface TransformResult {
  items: ScrapedItem[];
  relationships: RelationshipRule[];
  errors: string[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const strMap = (v: unknown): Record<string, string> | undefined => {
  const o = obj(v);
  const out = Object.fromEntries(Object.entries(o).map(([k, x]) => [k, String(x)]));
  return Object.keys(out).length ? out : undefined;
};

/** The item as a result object, the shape scripts read and write. */
function asResult(item: ScrapedItem): Obj {
  return {
    id: item.externalId,
    name: item.name,
    config_type: item.type,
    config_class: item.class,
    config: item.config,
    description: item.description,
    health: item.health,
    status: item.status,
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    aliases: item.aliases ?? [],
  };
}

function changeOf(raw: unknown): ScrapedChange | undefined {
  const c = obj(raw);
  const changeType = str(c.change_type) ?? str(c.type);
  if (!changeType) return undefined;
  const created = str(c.created_at);
  return {
    changeType,
    ...(str(c.external_change_id) ? { externalChangeId: str(c.external_change_id) } : {}),
    ...(str(c.severity) ? { severity: str(c.severity) } : {}),
    ...(str(c.source) ? { source: str(c.source) } : {}),
    ...(str(c.summary) ? { summary: str(c.summary) } : {}),
    ...(c.details ? { details: obj(c.details) } : {}),
    ...(created && !Number.isNaN(Date.parse(created)) ? { createdAt: new Date(created) } : {}),
    ...(str(c.created_by) ? { createdBy: str(c.created_by) } : {}),
  };
}

function analysisOf(raw: unknown): ScrapedAnalysis | undefined {
  const a = obj(raw);
  const analyzer = str(a.analyzer);
  if (!analyzer) return undefined;
  return {
    analyzer,
    analysisType: str(a.analysis_type),
    severity: str(a.severity),
    summary: str(a.summary),
    message: str(a.message),
    status: str(a.status),
    analysis: a.analysis ? obj(a.analysis) : undefined,
  } as ScrapedAnalysis;
}

/** A result object back into an item, on top of the item it came from. */
function fromResult(raw: unknown, base: ScrapedItem): ScrapedItem {
  const r = obj(raw);
  const externalId = str(r.id) ?? str(r.external_id) ?? str(r.uuid) ?? base.externalId;
  const item: ScrapedItem = {
    ...base,
    externalId,
    name: str(r.name) ?? base.name,
    type: str(r.config_type) ?? str(r.type) ?? base.type,
    class: str(r.config_class) ?? str(r.class) ?? base.class,
    config: 'config' in r ? r.config : base.config,
  };
  if (str(r.uuid) && !str(r.id)) item.id = str(r.uuid);
  if (str(r.description)) item.description = str(r.description);
  const health = healthOf(str(r.health));
  if (health) item.health = health;
  if (str(r.status)) item.status = str(r.status);
  const labels = strMap(r.labels);
  if (labels) item.labels = { ...base.labels, ...labels };
  const tags = strMap(r.tags);
  if (tags) item.tags = { ...base.tags, ...tags };
  if (Array.isArray(r.aliases)) item.aliases = r.aliases.map(String);
  if (Array.isArray(r.changes))
    item.changes = [...(base.changes ?? []), ...r.changes.flatMap((c) => changeOf(c) ?? [])];
  if (Array.isArray(r.analysis))
    item.analysis = [...(base.analysis ?? []), ...r.analysis.flatMap((a) => analysisOf(a) ?? [])];
  if (str(r.deleted_at)) {
    item.deletedAt = new Date(str(r.deleted_at) as string);
    item.deleteReason = str(r.delete_reason) ?? 'source';
  }
  return item;
}

function scriptResults(t: Obj, item: ScrapedItem): unknown[] | undefined {
  const vars = { config: item.config, result: asResult(item) };
  let out: unknown;
  if (str(t.expr)) out = plain(evaluate(t.expr as string, vars));
  else if (str(t.gotemplate)) {
    const text = t.gotemplate as string;
    if (/\{\{-?\s*(range|if|with|define|template|block)\b/.test(text))
      throw new Error(
        'transform.gotemplate: only {{ .path }} substitutions are supported yet (range, if and with are not); use transform.expr (CEL) instead',
      );
    const rendered = renderTemplate(text, vars);
    try {
      out = JSON.parse(rendered);
    } catch {
      throw new Error('transform.gotemplate must render a JSON array of results');
    }
  } else if (str(t.javascript))
    throw new Error(
      'transform.javascript is not supported yet: JavaScript needs a sandboxed runtime; use transform.expr (CEL)',
    );
  else return undefined;
  if (!Array.isArray(out))
    throw new Error('a transform must return a JSON array of results (one object per item)');
  return out;
}

/** CEL over a change, with `change` and the item's `config`. */
function changeVars(change: ScrapedChange, item?: ScrapedItem) {
  return {
    change: {
      change_type: change.changeType,
      severity: change.severity ?? '',
      summary: change.summary ?? '',
      source: change.source ?? '',
      details: change.details ?? {},
    },
    config: item?.config ?? {},
    config_type: item?.type ?? '',
  };
}

/**
 * changes.exclude drops changes a CEL expression matches; changes.mapping re-types them
 * (type, severity, summary) or, with action ignore/delete, drops them.
 */
export function mapChanges(
  spec: ScraperSpec,
  changes: ScrapedChange[],
  item?: ScrapedItem,
): ScrapedChange[] {
  const rules = obj(obj(spec.transform).changes);
  const excludes = Array.isArray(rules.exclude) ? (rules.exclude as string[]) : [];
  const mappings = Array.isArray(rules.mapping) ? (rules.mapping as Obj[]) : [];
  const out: ScrapedChange[] = [];
  for (const change of changes) {
    const vars = changeVars(change, item);
    if (excludes.some((e) => evaluate(e, vars) === true)) continue;
    let kept: ScrapedChange | undefined = change;
    for (const m of mappings) {
      if (str(m.filter) && evaluate(m.filter as string, vars) !== true) continue;
      if (m.action === 'ignore' || m.action === 'delete') {
        kept = undefined;
        break;
      }
      kept = {
        ...change,
        ...(str(m.type) ? { changeType: m.type as string } : {}),
        ...(str(m.severity) ? { severity: m.severity as string } : {}),
        ...(str(m.summary) ? { summary: renderTemplate(m.summary as string, vars) } : {}),
      };
      break;
    }
    if (kept) out.push(kept);
  }
  return out;
}

function lookupValue(raw: unknown, item: ScrapedItem): string | undefined {
  const l = obj(raw);
  if (str(l.value)) return l.value as string;
  if (str(l.label)) return item.labels?.[l.label as string];
  if (str(l.expr)) {
    const v = evaluate(l.expr as string, { config: item.config, ...asResult(item) });
    return v === undefined || v === null ? undefined : String(v);
  }
  return undefined;
}

function relationshipRules(spec: ScraperSpec, item: ScrapedItem): RelationshipRule[] {
  const rules = obj(spec.transform).relationship;
  if (!Array.isArray(rules)) return [];
  const from = { externalId: item.externalId, type: item.type };
  const vars = { config: item.config, ...asResult(item) };
  return rules.flatMap((raw): RelationshipRule[] => {
    const r = obj(raw);
    if (str(r.filter) && evaluate(r.filter as string, vars) !== true) return [];
    const parent = r.parent === true;
    if (str(r.expr)) {
      const out = plain(evaluate(r.expr as string, vars));
      const list = Array.isArray(out) ? out : out ? [out] : [];
      return list.map((s) => {
        const o = obj(s);
        return {
          from,
          parent,
          selector: {
            ...(str(o.id) ? { id: str(o.id) } : {}),
            ...(str(o.external_id) ? { externalId: str(o.external_id) } : {}),
            ...(str(o.name) ? { name: str(o.name) } : {}),
            ...(str(o.namespace) ? { namespace: str(o.namespace) } : {}),
            ...(str(o.type) ? { type: str(o.type) } : {}),
            ...(strMap(o.labels) ? { labels: strMap(o.labels) } : {}),
          },
        };
      });
    }
    const selector: RelationshipRule['selector'] = {};
    for (const [key, field] of [
      ['id', 'id'],
      ['external_id', 'externalId'],
      ['name', 'name'],
      ['namespace', 'namespace'],
      ['type', 'type'],
    ] as const) {
      const v = r[key] === undefined ? undefined : lookupValue(r[key], item);
      if (v) selector[field] = v;
    }
    const labels = obj(r.labels);
    if (Object.keys(labels).length)
      selector.labels = Object.fromEntries(
        Object.entries(labels).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : (lookupValue(v, item) ?? ''),
        ]),
      );
    return Object.keys(selector).length ? [{ from, parent, selector }] : [];
  });
}

/** Applies the whole `transform` of a scraper entry to its items. */
export function applyTransform(spec: ScraperSpec, input: ScrapedItem[]): TransformResult {
  const t = obj(spec.transform);
  const errors: string[] = [];
  const items: ScrapedItem[] = [];
  for (const item of input) {
    try {
      const results = scriptResults(t, item);
      const produced = results ? results.map((r) => fromResult(r, item)) : [item];
      if (str(t.jsonpath))
        for (const p of produced) p.config = query(t.jsonpath as string, p.config)[0] ?? p.config;
      items.push(...produced);
    } catch (error) {
      errors.push(`${item.type} ${item.name}: ${(error as Error).message}`);
    }
  }
  const excludes = Array.isArray(t.exclude) ? (t.exclude as Obj[]) : [];
  const masks = Array.isArray(t.mask) ? (t.mask as Obj[]) : [];
  const relationships: RelationshipRule[] = [];
  for (const item of items) {
    try {
      for (const e of excludes) {
        const types = Array.isArray(e.types) ? (e.types as string[]) : [];
        if (str(e.jsonpath) && (!types.length || types.includes(item.type)))
          removeAt(e.jsonpath as string, item.config);
      }
      for (const m of masks) {
        if (!str(m.jsonpath)) continue;
        if (
          str(m.selector) &&
          evaluate(m.selector as string, { config: item.config, ...asResult(item) }) !== true
        )
          continue;
        maskAt(m.jsonpath as string, item.config, str(m.value) ?? 'md5sum');
      }
      if (item.changes?.length) item.changes = mapChanges(spec, item.changes, item);
      relationships.push(...relationshipRules(spec, item));
    } catch (error) {
      errors.push(`${item.type} ${item.name}: ${(error as Error).message}`);
    }
  }
  return { items, relationships, errors };
}
