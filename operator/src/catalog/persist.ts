import crypto from 'node:crypto';
import type pg from 'pg';
import { configDiff } from './diff.js';
import { configId, externalIds, sortKeys } from './identity.js';
import type { RelationshipRule } from './transform.js';
import type { ItemRef, ScrapedChange, ScrapedItem, ScrapedRelationship } from './types.js';

/**
 * Writes one scrape: items (by deterministic id), the `diff` change of every item whose config
 * moved, the changes and insights the source reported, relationships, and — only after a clean,
 * full scrape — stale items and insights. Unchanged items cost a hash and a timestamp.
 */

export interface ScrapeBatch {
  scraperId: string;
  items: ScrapedItem[];
  changes: ScrapedChange[];
  relationships: ScrapedRelationship[];
  rules: RelationshipRule[];
  /** No scraper reported an error: staleness may be decided. */
  clean: boolean;
  /** The batch is everything the source holds (a full scrape, not a watch event). */
  full: boolean;
  /** Items missing longer than this are soft-deleted (ms; undefined: never). */
  staleItemAgeMs?: number;
  /** Open insights not observed for this long are resolved (ms; undefined: never). */
  staleAnalysisAgeMs?: number;
}

export interface TypeSummary {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

export type ScrapeSummary = Record<string, TypeSummary>;

type Db = pg.Pool | pg.PoolClient;

interface Row {
  id: string;
  external_id: string[];
  type: string;
  config_class: string;
  name: string;
  description: string | null;
  config: unknown;
  source: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties: Record<string, unknown>[] | null;
  status: string | null;
  health: string;
  ready: boolean | null;
  icon: string | null;
  parent_id: string | null;
  created_at: string | null;
  deleted_at: string | null;
  delete_reason: string | null;
  scrape_hash: string;
}

function hashOf(row: Omit<Row, 'scrape_hash'>): string {
  const { config, name, health, status, labels, tags, parent_id, description, deleted_at } = row;
  return crypto
    .createHash('sha1')
    .update(
      JSON.stringify(
        sortKeys({
          config,
          name,
          health,
          status,
          labels,
          tags,
          parent_id,
          description,
          deleted_at,
        }),
      ),
    )
    .digest('base64');
}

const bump = (summary: ScrapeSummary, type: string, field: keyof TypeSummary, n = 1) => {
  summary[type] ??= { added: 0, updated: 0, unchanged: 0, deleted: 0 };
  summary[type][field] += n;
};

function fingerprint(configIdValue: string, c: ScrapedChange): string {
  return crypto
    .createHash('sha1')
    .update(
      JSON.stringify([
        configIdValue,
        c.changeType,
        c.severity ?? '',
        c.source ?? '',
        c.summary ?? '',
        sortKeys(c.details ?? {}),
      ]),
    )
    .digest('hex');
}

/** Resolves item refs: by the batch first, then by the database's external ids. */
async function resolver(db: Db, items: Map<string, Row>) {
  const byExternal = new Map<string, string>();
  for (const row of items.values())
    for (const ext of row.external_id) {
      byExternal.set(`${row.type.toLowerCase()}|${ext}`, row.id);
      if (!byExternal.has(`|${ext}`)) byExternal.set(`|${ext}`, row.id);
    }
  const missing = new Map<string, string | undefined>();
  const key = (ref: ItemRef) => `${ref.type?.toLowerCase() ?? ''}|${ref.externalId.toLowerCase()}`;
  return {
    async load(refs: ItemRef[]): Promise<void> {
      const wanted = [...new Set(refs.map(key))].filter(
        (k) => !byExternal.has(k) && !missing.has(k),
      );
      if (!wanted.length) return;
      const { rows } = await db.query<{ id: string; type: string; ext: string }>(
        `SELECT c.id, c.type, w.ext FROM unnest($1::text[]) w(ext)
           JOIN config_items c ON c.external_id @> ARRAY[w.ext] AND c.deleted_at IS NULL`,
        [[...new Set(wanted.map((k) => k.split('|')[1] as string))]],
      );
      for (const r of rows) {
        byExternal.set(`${r.type.toLowerCase()}|${r.ext}`, r.id);
        if (!byExternal.has(`|${r.ext}`)) byExternal.set(`|${r.ext}`, r.id);
      }
      for (const k of wanted) if (!byExternal.has(k)) missing.set(k, undefined);
    },
    id(ref: ItemRef): string | undefined {
      return byExternal.get(key(ref));
    },
  };
}

function rowOf(item: ScrapedItem, scraperId: string): Omit<Row, 'scrape_hash' | 'parent_id'> {
  const id = item.id ?? configId(item.type, item.externalId);
  return {
    id,
    external_id: externalIds(item.externalId, item.aliases),
    type: item.type,
    config_class: item.class || item.type,
    name: item.name,
    description: item.description ?? null,
    config: sortKeys(item.config ?? null),
    source: scraperId,
    labels: item.labels ?? {},
    tags: item.tags ?? {},
    properties: item.properties?.length ? item.properties : null,
    status: item.status ?? null,
    health: item.health ?? 'unknown',
    ready: item.ready ?? null,
    icon: item.icon ?? null,
    created_at: item.createdAt?.toISOString() ?? null,
    deleted_at: item.deletedAt?.toISOString() ?? null,
    delete_reason: item.deletedAt ? (item.deleteReason ?? 'source') : null,
  };
}

/**
 * Rows and hashes of items the engine hands over again unchanged (a file not modified since the
 * last scrape yields the very same item objects): computed once, not per scrape.
 */
const rowMemo = new WeakMap<ScrapedItem, { scraperId: string; row: ReturnType<typeof rowOf> }>();
const hashMemo = new WeakMap<ScrapedItem, { parentId: string | null; hash: string }>();

function memoRow(item: ScrapedItem, scraperId: string) {
  const known = rowMemo.get(item);
  if (known?.scraperId === scraperId) return known.row;
  const row = rowOf(item, scraperId);
  rowMemo.set(item, { scraperId, row });
  return row;
}

function memoHash(item: ScrapedItem, row: Row): string {
  const known = hashMemo.get(item);
  if (known && known.parentId === row.parent_id) return known.hash;
  const hash = hashOf(row);
  hashMemo.set(item, { parentId: row.parent_id, hash });
  return hash;
}

const UPSERT = `
  INSERT INTO config_items (id, scraper_id, external_id, type, config_class, name, description, config,
    source, labels, tags, properties, status, health, ready, icon, parent_id, created_at, deleted_at,
    delete_reason, scrape_hash, last_scraped_time, missing_from_scrape)
  SELECT r.id, $2::uuid, r.external_id, r.type, r.config_class, r.name, r.description, r.config,
    r.source, r.labels, r.tags, r.properties, r.status, r.health, r.ready, r.icon, r.parent_id,
    coalesce(r.created_at, now()), r.deleted_at, r.delete_reason, r.scrape_hash, now(), false
  FROM jsonb_to_recordset($1::jsonb) AS r (id uuid, external_id text[], type text, config_class text,
    name text, description text, config jsonb, source text, labels jsonb, tags jsonb, properties jsonb,
    status text, health text, ready boolean, icon text, parent_id uuid, created_at timestamptz,
    deleted_at timestamptz, delete_reason text, scrape_hash text)
  ON CONFLICT (id) DO UPDATE SET scraper_id = EXCLUDED.scraper_id, external_id = EXCLUDED.external_id,
    type = EXCLUDED.type, config_class = EXCLUDED.config_class, name = EXCLUDED.name,
    description = EXCLUDED.description,
    -- The same document keeps its stored (and TOASTed) value: nothing rewritten for nothing.
    config = CASE WHEN config_items.config IS DISTINCT FROM EXCLUDED.config THEN EXCLUDED.config ELSE config_items.config END,
    source = EXCLUDED.source, labels = EXCLUDED.labels, tags = EXCLUDED.tags,
    properties = EXCLUDED.properties, status = EXCLUDED.status, health = EXCLUDED.health,
    ready = EXCLUDED.ready, icon = EXCLUDED.icon, parent_id = EXCLUDED.parent_id,
    deleted_at = EXCLUDED.deleted_at, delete_reason = EXCLUDED.delete_reason,
    scrape_hash = EXCLUDED.scrape_hash, last_scraped_time = now(), missing_from_scrape = false`;

const CHUNK = 2000;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Items ordered so that a parent in the batch is written before its children. */
function parentsFirst(rows: Row[]): Row[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = new Map<string, number>();
  const depthOf = (r: Row, seen = new Set<string>()): number => {
    const known = depth.get(r.id);
    if (known !== undefined) return known;
    const parent = r.parent_id ? byId.get(r.parent_id) : undefined;
    const d = parent && !seen.has(parent.id) ? depthOf(parent, seen.add(r.id)) + 1 : 0;
    depth.set(r.id, d);
    return d;
  };
  return [...rows].sort((a, b) => depthOf(a) - depthOf(b));
}

interface ChangeRow {
  config_id: string;
  external_change_id: string | null;
  change_type: string;
  severity: string;
  source: string;
  summary: string | null;
  details: unknown;
  patches: unknown;
  diff: string | null;
  external_created_by: string | null;
  created_at: string;
  fingerprint: string;
}

async function writeChanges(db: Db, changes: ChangeRow[]): Promise<void> {
  for (const part of chunks(changes, 1000)) {
    // With an id: the dedupe trigger bumps count. Without: the same fingerprint within a day
    // bumps count; otherwise a new change.
    await db.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS c (config_id uuid, external_change_id text,
           change_type text, severity text, source text, summary text, details jsonb, patches jsonb,
           diff text, external_created_by text, created_at timestamptz, fingerprint text)),
       seen AS (
         UPDATE config_changes ch SET count = ch.count + 1, created_at = i.created_at
         FROM input i
         WHERE i.external_change_id IS NULL AND ch.config_id = i.config_id
           AND ch.fingerprint = i.fingerprint AND ch.created_at > now() - interval '1 day'
         RETURNING i.fingerprint, i.config_id)
       INSERT INTO config_changes (config_id, external_change_id, change_type, severity, source,
         summary, details, patches, diff, external_created_by, created_at, first_observed, fingerprint)
       SELECT i.config_id, i.external_change_id, i.change_type, i.severity, i.source, i.summary,
         i.details, i.patches, i.diff, i.external_created_by, i.created_at, i.created_at, i.fingerprint
       FROM input i
       WHERE NOT EXISTS (SELECT 1 FROM seen s WHERE s.fingerprint = i.fingerprint AND s.config_id = i.config_id)
         -- A source re-listing a change it already reported (same id, same time) is no repeat.
         AND NOT EXISTS (SELECT 1 FROM config_changes x WHERE i.external_change_id IS NOT NULL
           AND x.config_id = i.config_id AND x.external_change_id = i.external_change_id
           AND x.created_at = i.created_at)`,
      [JSON.stringify(part)],
    );
  }
}

function changeRow(
  configIdValue: string,
  c: ScrapedChange,
  extra: Partial<ChangeRow> = {},
): ChangeRow {
  return {
    config_id: configIdValue,
    external_change_id: c.externalChangeId ?? null,
    change_type: c.changeType,
    severity: c.severity ?? 'info',
    source: c.source ?? '',
    summary: c.summary ?? null,
    details: c.details ?? null,
    patches: null,
    diff: null,
    external_created_by: c.createdBy ?? null,
    created_at: (c.createdAt ?? new Date()).toISOString(),
    fingerprint: fingerprint(configIdValue, c),
    ...extra,
  };
}

async function writeAnalysis(db: Db, scraperId: string, items: Row[], scraped: ScrapedItem[]) {
  const rows = scraped.flatMap((item, i) =>
    (item.analysis ?? []).map((a) => ({
      config_id: items[i]?.id,
      analyzer: a.analyzer,
      analysis_type: a.analysisType ?? null,
      severity: a.severity ?? 'info',
      summary: a.summary ?? null,
      message: a.message ?? null,
      status: a.status ?? 'open',
      analysis: a.analysis ?? null,
    })),
  );
  for (const part of chunks(rows, 1000)) {
    await db.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS a (config_id uuid, analyzer text,
           analysis_type text, severity text, summary text, message text, status text, analysis jsonb)),
       seen AS (
         UPDATE config_analysis ca SET last_observed = now(), severity = i.severity, summary = i.summary,
           message = i.message, status = i.status, analysis = i.analysis
         FROM input i
         WHERE ca.config_id = i.config_id AND ca.analyzer = i.analyzer
           AND ca.analysis_type IS NOT DISTINCT FROM i.analysis_type
         RETURNING i.config_id, i.analyzer, i.analysis_type)
       INSERT INTO config_analysis (config_id, scraper_id, analyzer, analysis_type, severity, summary,
         message, status, analysis, source, first_observed, last_observed)
       SELECT i.config_id, $2, i.analyzer, i.analysis_type, i.severity, i.summary, i.message,
         i.status, i.analysis, 'scraper', now(), now()
       FROM input i
       WHERE NOT EXISTS (SELECT 1 FROM seen s WHERE s.config_id = i.config_id
         AND s.analyzer = i.analyzer AND s.analysis_type IS NOT DISTINCT FROM i.analysis_type)`,
      [JSON.stringify(part), scraperId],
    );
  }
}

async function ruleTargets(db: Db, rule: RelationshipRule): Promise<string[]> {
  const s = rule.selector;
  const where: string[] = ['deleted_at IS NULL'];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (s.id) where.push(`id::text = ${p(s.id)}`);
  if (s.externalId) where.push(`external_id @> ARRAY[${p(s.externalId.toLowerCase())}]`);
  if (s.name) where.push(`name = ${p(s.name)}`);
  if (s.namespace) where.push(`tags->>'namespace' = ${p(s.namespace)}`);
  if (s.type) where.push(`type = ${p(s.type)}`);
  if (s.labels && Object.keys(s.labels).length) where.push(`labels @> ${p(s.labels)}`);
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM config_items WHERE ${where.join(' AND ')} LIMIT 100`,
    params,
  );
  return rows.map((r) => r.id);
}

export interface PersistResult {
  summary: ScrapeSummary;
  errors: string[];
  /** Ids written or seen unchanged. */
  seen: string[];
}

export async function persistScrape(db: pg.Pool, batch: ScrapeBatch): Promise<PersistResult> {
  const summary: ScrapeSummary = {};
  const errors: string[] = [];
  // Later duplicates of one id win (a source listing an item twice).
  const scraped = new Map<
    string,
    { item: ScrapedItem; row: Omit<Row, 'scrape_hash' | 'parent_id'> }
  >();
  for (const item of batch.items) {
    const row = memoRow(item, batch.scraperId);
    scraped.set(row.id, { item, row });
  }
  const rows = new Map<string, Row>();
  for (const { row } of scraped.values())
    rows.set(row.id, { ...row, parent_id: null, scrape_hash: '' });
  const resolve = await resolver(db, rows);
  await resolve.load([
    ...[...scraped.values()].flatMap(({ item }) => (item.parent ? [item.parent] : [])),
    ...batch.relationships.flatMap((r) => [r.from, r.to]),
    ...batch.changes.flatMap((c) => (c.item ? [c.item] : [])),
  ]);
  for (const { item, row } of scraped.values()) {
    const full = rows.get(row.id) as Row;
    full.parent_id = item.parent ? (resolve.id(item.parent) ?? null) : null;
    if (full.parent_id === full.id) full.parent_id = null;
    full.scrape_hash = memoHash(item, full);
  }

  const ids = [...rows.keys()];
  const stored = new Map<string, { hash: string | null; deleted: boolean; missing: boolean }>();
  for (const part of chunks(ids, 10_000)) {
    const { rows: found } = await db.query<{
      id: string;
      scrape_hash: string | null;
      deleted: boolean;
      missing: boolean;
    }>(
      `SELECT id, scrape_hash, deleted_at IS NOT NULL AS deleted, missing_from_scrape AS missing
         FROM config_items WHERE id = ANY($1::uuid[])`,
      [part],
    );
    for (const f of found)
      stored.set(f.id, { hash: f.scrape_hash, deleted: f.deleted, missing: f.missing });
  }
  const changed: Row[] = [];
  for (const row of rows.values()) {
    const s = stored.get(row.id);
    // An item that was missing (or stale-deleted) and is back is written again, whatever its
    // hash says; one that is simply unchanged costs nothing more.
    if (s && s.hash === row.scrape_hash && !s.missing && !(s.deleted && !row.deleted_at)) {
      bump(summary, row.type, 'unchanged');
    } else changed.push(row);
  }

  // The configs as they were, for the diffs of items that changed.
  const before = new Map<string, unknown>();
  const existing = changed.filter((r) => stored.has(r.id)).map((r) => r.id);
  for (const part of chunks(existing)) {
    const { rows: old } = await db.query<{ id: string; config: unknown }>(
      'SELECT id, config FROM config_items WHERE id = ANY($1::uuid[])',
      [part],
    );
    for (const o of old) before.set(o.id, o.config);
  }

  for (const part of chunks(parentsFirst(changed)))
    await db.query(UPSERT, [JSON.stringify(part), batch.scraperId]);
  // Ancestor paths of items that moved or are new and have a parent.
  const withParent = changed.filter((r) => r.parent_id).map((r) => r.id);
  if (withParent.length)
    await db.query(
      `UPDATE config_items SET path = config_path(id)
        WHERE id = ANY($1::uuid[]) AND path IS DISTINCT FROM config_path(id)`,
      [withParent],
    );

  const changes: ChangeRow[] = [];
  for (const row of changed) {
    const s = stored.get(row.id);
    if (!s) {
      bump(summary, row.type, 'added');
      continue;
    }
    bump(summary, row.type, 'updated');
    const d = configDiff(before.get(row.id), row.config);
    if (d)
      changes.push(
        changeRow(
          row.id,
          { changeType: 'diff', source: 'diff', severity: 'info', summary: d.summary },
          {
            patches: d.patch,
            diff: d.diff,
            fingerprint: crypto.createHash('sha1').update(d.diff).digest('hex'),
          },
        ),
      );
  }
  const scrapedItems = [...scraped.values()];
  for (const { item, row } of scrapedItems)
    for (const c of item.changes ?? []) changes.push(changeRow(row.id, c));
  for (const c of batch.changes) {
    const target = c.item ? resolve.id(c.item) : undefined;
    if (target) changes.push(changeRow(target, c));
  }
  await writeChanges(db, changes);
  await writeAnalysis(
    db,
    batch.scraperId,
    scrapedItems.map(({ row }) => rows.get(row.id) as Row),
    scrapedItems.map(({ item }) => item),
  );

  await writeRelationships(db, batch, resolve, errors);

  if (batch.full && batch.clean) {
    // Items this clean scrape did not see are missing from now on, last seen at the previous
    // scrape; those missing longer than staleItemAge are soft-deleted as stale.
    const { rows: state } = await db.query<{ at: string | null }>(
      `SELECT last_scraped_at::text AS at FROM config_scraper_state WHERE scraper_id = $1`,
      [batch.scraperId],
    );
    await db.query(
      `UPDATE config_items SET missing_from_scrape = true,
         last_scraped_time = greatest(last_scraped_time, $3::timestamptz)
        WHERE scraper_id = $1 AND deleted_at IS NULL AND NOT missing_from_scrape
          AND id <> ALL($2::uuid[])`,
      [batch.scraperId, ids, state[0]?.at ?? null],
    );
    if (batch.staleItemAgeMs !== undefined) {
      const { rows: gone } = await db.query<{ type: string; n: number }>(
        `WITH gone AS (
           UPDATE config_items SET deleted_at = now(), delete_reason = 'stale'
            WHERE scraper_id = $1 AND deleted_at IS NULL AND missing_from_scrape
              AND coalesce(last_scraped_time, created_at) < now() - make_interval(secs => $2::float8 / 1000)
            RETURNING type)
         SELECT type, count(*)::int AS n FROM gone GROUP BY type`,
        [batch.scraperId, batch.staleItemAgeMs],
      );
      for (const g of gone) bump(summary, g.type, 'deleted', g.n);
    }
    if (batch.staleAnalysisAgeMs !== undefined)
      await db.query(
        `UPDATE config_analysis SET status = 'resolved'
          WHERE scraper_id = $1 AND status = 'open'
            AND coalesce(last_observed, first_observed) < now() - make_interval(secs => $2::float8 / 1000)`,
        [batch.scraperId, batch.staleAnalysisAgeMs],
      );
    await db.query(
      `INSERT INTO config_scraper_state (scraper_id, last_scraped_at) VALUES ($1, now())
       ON CONFLICT (scraper_id) DO UPDATE SET last_scraped_at = now()`,
      [batch.scraperId],
    );
  }
  return { summary, errors, seen: ids };
}

async function writeRelationships(
  db: Db,
  batch: ScrapeBatch,
  resolve: Awaited<ReturnType<typeof resolver>>,
  errors: string[],
): Promise<void> {
  const links: { config_id: string; related_id: string; relation: string }[] = [];
  for (const r of batch.relationships) {
    const from = resolve.id(r.from);
    const to = resolve.id(r.to);
    if (from && to && from !== to)
      links.push({ config_id: from, related_id: to, relation: r.relation });
  }
  for (const rule of batch.rules) {
    const from = resolve.id(rule.from);
    if (!from) continue;
    const targets = (await ruleTargets(db, rule)).filter((t) => t !== from);
    if (rule.parent) {
      if (targets.length > 1)
        errors.push(
          `${rule.from.type} ${rule.from.externalId}: a parent relationship matched ${targets.length} items; make its selector name one`,
        );
      else if (targets[0])
        await db.query(
          'UPDATE config_items SET parent_id = $2 WHERE id = $1 AND parent_id IS DISTINCT FROM $2',
          [from, targets[0]],
        );
      continue;
    }
    for (const t of targets) links.push({ config_id: from, related_id: t, relation: 'related' });
  }
  for (const part of chunks(links, 5000))
    await db.query(
      `INSERT INTO config_relationships (config_id, related_id, relation, scraper_id)
       SELECT l.config_id, l.related_id, l.relation, $2 FROM jsonb_to_recordset($1::jsonb)
         AS l (config_id uuid, related_id uuid, relation text)
       ON CONFLICT (related_id, config_id, relation) DO UPDATE SET deleted_at = NULL, scraper_id = EXCLUDED.scraper_id
         WHERE config_relationships.deleted_at IS NOT NULL OR config_relationships.scraper_id IS DISTINCT FROM EXCLUDED.scraper_id`,
      [JSON.stringify(part), batch.scraperId],
    );
  // A full, clean scrape is the truth about its scraper's links: those it no longer shows go.
  if (batch.full && batch.clean)
    await db.query(
      `UPDATE config_relationships r SET deleted_at = now()
        WHERE r.scraper_id = $1 AND r.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS l (config_id uuid, related_id uuid, relation text)
            WHERE l.config_id = r.config_id AND l.related_id = r.related_id AND l.relation = r.relation)`,
      [batch.scraperId, JSON.stringify(links)],
    );
}
