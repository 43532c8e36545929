import { describe, expect, it } from 'vitest';
import { STALE_SCRAPE_MS, catalogTypePath, configName, isScrapeStale, scraperPath } from './model';

const NOW = Date.parse('2025-01-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('stale scrape', () => {
  it('warns from one hour without a scrape', () => {
    const live = { deleted_at: null };
    expect(isScrapeStale({ ...live, last_scraped_time: ago(STALE_SCRAPE_MS - 1) }, NOW)).toBe(
      false,
    );
    expect(isScrapeStale({ ...live, last_scraped_time: ago(STALE_SCRAPE_MS) }, NOW)).toBe(true);
  });

  it('never warns for a deleted config or one never scraped', () => {
    expect(isScrapeStale({ deleted_at: ago(0), last_scraped_time: ago(5 * 3600_000) }, NOW)).toBe(
      false,
    );
    expect(isScrapeStale({ deleted_at: null, last_scraped_time: null }, NOW)).toBe(false);
    expect(isScrapeStale({ deleted_at: null, last_scraped_time: 'not a time' }, NOW)).toBe(false);
  });
});

describe('paths and names', () => {
  it('links the catalog filtered to a type, encoded', () => {
    expect(catalogTypePath('AWS::EC2::Instance')).toBe(
      '/catalog?configType=AWS%3A%3AEC2%3A%3AInstance',
    );
    expect(scraperPath('s-1')).toBe('/catalog/scrapers/s-1');
  });

  it('falls back to the id for an unnamed config', () => {
    expect(configName({ id: 'c-1', name: null })).toBe('c-1');
    expect(configName({ id: 'c-1', name: 'api' })).toBe('api');
  });
});
