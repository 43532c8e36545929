import type pg from 'pg';
import { parseDuration } from '../health/runners/folder.js';
import { itemsFromDocuments, tagsOf } from './base.js';
import { persistScrape, type ScrapeSummary } from './persist.js';
import { applyRetention } from './retention.js';
import { SCRAPERS } from './scrapers/index.js';
import { applyTransform, mapChanges, type RelationshipRule } from './transform.js';
import {
  SUPPORTED_SCRAPERS,
  type ScrapeContext,
  type ScrapedChange,
  type ScrapedItem,
  type ScrapedRelationship,
  type ScraperOutput,
  type ScraperSpec,
} from './types.js';

/**
 * One scrape of one ScrapeConfig: every scraper entry of its spec in turn, the common fields and
 * transform applied to what each returns, then one write (persist.ts) and the retention rules.
 */

export interface ScraperRow {
  id: string;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
}

export interface ScrapeOutcome {
  summary: ScrapeSummary;
  errors: string[];
  /** Items the sources returned (written or unchanged). */
  items: number;
}

/** How a scraper type's items are typed when the spec does not say. */
const KIND: Record<string, string> = { file: 'File', http: 'HTTP', sql: 'SQL', exec: 'Exec' };

const DAY = 86_400_000;

interface Made {
  items: ScrapedItem[];
  rules: RelationshipRule[];
}

/**
 * Items made from each document of each scraper entry in its last scrape, by the document's
 * fingerprint: a file that has not changed is not read, parsed or transformed again. Held per
 * scraper entry and replaced by every scrape, so it never outgrows the catalog itself.
 */
const reuseCache = new Map<string, { specHash: string; documents: Map<string, Made> }>();

function transformed(
  entry: ScraperSpec,
  base: { items: ScrapedItem[]; errors: string[] },
  where: string,
  errors: string[],
): Made {
  errors.push(...base.errors.map((e) => `${where}: ${e}`));
  const t = applyTransform(entry, decorate(entry, base.items));
  errors.push(...t.errors.map((e) => `${where}: ${e}`));
  return { items: t.items, rules: t.relationships };
}

/** `staleItemAge`/`staleAnalysisAge`: a duration, `keep` (never), or the default. */
export function ageOf(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === 'keep') return undefined;
  return parseDuration(String(value)) ?? fallback;
}

function decorate(entry: ScraperSpec, items: ScrapedItem[]): ScrapedItem[] {
  const labels = (entry.labels ?? {}) as Record<string, string>;
  for (const item of items) {
    item.labels = { ...item.labels, ...labels };
    const tags = tagsOf(entry, item.config, item.labels);
    if (Object.keys(tags).length) item.tags = { ...item.tags, ...tags };
  }
  return items;
}

export async function runScrape(
  pool: pg.Pool,
  row: ScraperRow,
  ctx: Omit<ScrapeContext, 'scraper'>,
): Promise<ScrapeOutcome> {
  const started = Date.now();
  const errors: string[] = [];
  const items: ScrapedItem[] = [];
  const changes: ScrapedChange[] = [];
  const relationships: ScrapedRelationship[] = [];
  const rules: RelationshipRule[] = [];
  const context: ScrapeContext = {
    ...ctx,
    scraper: { id: row.id, name: row.name, namespace: row.namespace },
  };
  for (const type of SUPPORTED_SCRAPERS) {
    const entries = row.spec[type];
    if (!Array.isArray(entries)) continue;
    const scraper = SCRAPERS[type];
    if (!scraper) {
      errors.push(`${type} scrapers are not installed in this build`);
      continue;
    }
    for (const [i, raw] of entries.entries()) {
      const entry = (raw ?? {}) as ScraperSpec;
      const where = `${type}[${i}]`;
      if (ctx.signal.aborted) {
        errors.push(`${where}: the scrape was cancelled`);
        break;
      }
      try {
        const key = `${row.id}|${type}|${i}`;
        const specHash = JSON.stringify(entry);
        const previous = reuseCache.get(key);
        const usable = previous?.specHash === specHash ? previous.documents : undefined;
        const out = await scraper(entry, { ...context, reusable: (fp) => !!usable?.has(fp) });
        errors.push(...out.errors.map((e) => `${where}: ${e}`));
        const kept = new Map<string, Made>();
        const made = (m: Made) => {
          items.push(...m.items);
          rules.push(...m.rules);
        };
        for (const doc of out.documents ?? []) {
          const cached = doc.fingerprint ? usable?.get(doc.fingerprint) : undefined;
          if (doc.reused && cached) {
            // Same content as last time: the same items, without re-reporting its changes.
            made(cached);
            kept.set(doc.fingerprint as string, cached);
            continue;
          }
          const fromDoc = transformed(
            entry,
            itemsFromDocuments(entry, [doc], (entry.type as string) || KIND[type] || type),
            where,
            errors,
          );
          made(fromDoc);
          if (doc.fingerprint)
            kept.set(doc.fingerprint, {
              items: fromDoc.items.map((it) => ({ ...it, changes: [] })),
              rules: fromDoc.rules,
            });
        }
        made(transformed(entry, { items: out.items ?? [], errors: [] }, where, errors));
        reuseCache.set(key, { specHash, documents: kept });
        changes.push(...mapChanges(entry, out.changes ?? []));
        relationships.push(...(out.relationships ?? []));
      } catch (error) {
        errors.push(`${where}: ${(error as Error).message}`);
      }
    }
  }
  const retention = (row.spec.retention ?? {}) as Record<string, unknown>;
  // Never less than this scrape took: an item is not stale for having been listed early.
  const staleItemAgeMs = ageOf(retention.staleItemAge, DAY);
  const result = await persistScrape(pool, {
    scraperId: row.id,
    items,
    changes,
    relationships,
    rules,
    clean: errors.length === 0 && !ctx.signal.aborted,
    full: true,
    ...(staleItemAgeMs !== undefined
      ? { staleItemAgeMs: Math.max(staleItemAgeMs, Date.now() - started) }
      : {}),
    ...(ageOf(retention.staleAnalysisAge, 2 * DAY) !== undefined
      ? { staleAnalysisAgeMs: ageOf(retention.staleAnalysisAge, 2 * DAY) as number }
      : {}),
  });
  errors.push(...result.errors);
  errors.push(...(await applyRetention(pool, row.id, retention)));
  return { summary: result.summary, errors, items: result.seen.length };
}

/**
 * What a watch saw between scrapes (a modified Pod, a new Event): written at once, with the
 * entry's labels, tags and transform, but never taken as the whole truth (nothing goes stale).
 */
export async function persistIncremental(
  pool: pg.Pool,
  row: ScraperRow,
  entry: ScraperSpec,
  out: ScraperOutput,
): Promise<string[]> {
  const errors = [...out.errors];
  const made = transformed(entry, { items: out.items ?? [], errors: [] }, 'watch', errors);
  const result = await persistScrape(pool, {
    scraperId: row.id,
    items: made.items,
    changes: mapChanges(entry, out.changes ?? []),
    relationships: out.relationships ?? [],
    rules: made.rules,
    clean: false,
    full: false,
  });
  return [...errors, ...result.errors];
}
