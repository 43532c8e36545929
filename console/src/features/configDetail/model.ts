/** A row of the config_detail view: every config_items column plus tab counts and components. */
export interface ConfigDetail {
  id: string;
  name: string | null;
  type: string;
  config_class: string;
  status: string | null;
  health: string | null;
  description: string | null;
  /** `{content, format}` for text scraped as-is, or any JSON the scraper stored. */
  config: unknown;
  /** JSON maps; the values are usually text but nothing stops a scraper storing numbers. */
  labels: Record<string, unknown> | null;
  tags: Record<string, unknown> | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
  last_scraped_time: string | null;
  scraper_id: string | null;
  /** Embedded through the scraper_id foreign key. */
  config_scrapers: { id: string; name: string | null } | null;
  summary: ConfigSummary | null;
}

/** The counts on the tab badges (config_detail, datamodel §3.3). */
export interface ConfigSummary {
  relationships: number;
  analysis: number;
  changes: number;
  playbook_runs: number;
  checks: number;
}

/** Spec 002 §9: a config not scraped for this long may no longer match the real resource. */
export const STALE_SCRAPE_MS = 60 * 60 * 1000;

/**
 * Whether the Updated line warns about the last scrape (spec 002): at least an hour old, and
 * only for a live config — a deleted one is not scraped any more by design.
 */
export function isScrapeStale(
  config: Pick<ConfigDetail, 'last_scraped_time' | 'deleted_at'>,
  now: number = Date.now(),
): boolean {
  if (config.deleted_at || !config.last_scraped_time) return false;
  const scraped = new Date(config.last_scraped_time).getTime();
  if (Number.isNaN(scraped)) return false;
  return now - scraped >= STALE_SCRAPE_MS;
}

/** The name to show; the database names unnamed configs, but an old row may still lack one. */
export function configName(config: Pick<ConfigDetail, 'id' | 'name'>): string {
  return config.name || config.id;
}

/** `/catalog?configType=...`: the catalog filtered to one type, as the breadcrumb links it. */
export function catalogTypePath(type: string): string {
  return `/catalog?${new URLSearchParams({ configType: type }).toString()}`;
}

export function scraperPath(id: string): string {
  return `/catalog/scrapers/${encodeURIComponent(id)}`;
}
