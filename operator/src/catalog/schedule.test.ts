import { describe, expect, it } from 'vitest';
import { scrapeConfigOutcome } from '../controllers/reconcilers/simple.js';
import { scraperSchedule } from './schedule.js';

describe('scraper schedules', () => {
  it('scrapes every 60 minutes by default', () => {
    const s = scraperSchedule('a', {});
    expect(s.text).toBe('@every 60m');
    expect(s.schedule?.periodMs).toBe(3_600_000);
    expect(s.note).toBeUndefined();
  });

  it('raises an interval below 29 s, and says so', () => {
    const s = scraperSchedule('a', { schedule: '@every 5s' });
    expect(s.text).toBe('@every 29s');
    expect(s.note).toBe(
      'schedule "@every 5s" is more often than the minimum of every 29s: scraping every 29s',
    );
  });

  it('reads cron schedules and refuses bad ones', () => {
    expect(scraperSchedule('a', { schedule: '*/5 * * * *' }).schedule?.periodMs).toBe(300_000);
    expect(scraperSchedule('a', { schedule: 'every day' }).invalid).toBe(true);
  });
});

describe('ScrapeConfig Ready condition', () => {
  const file = [{ paths: ['/etc/*.yaml'] }];

  it('is Ready with a note when the schedule was raised', () => {
    expect(scrapeConfigOutcome('a', { file, schedule: '@every 1s' })).toEqual({
      message:
        'schedule "@every 1s" is more often than the minimum of every 29s: scraping every 29s',
    });
  });

  it('names scraper types that do not run here, and says the others still run', () => {
    expect(scrapeConfigOutcome('a', { file, aws: [{ region: ['eu-west-1'] }] })).toEqual({
      notReady: {
        reason: 'UnsupportedScraper',
        message:
          'aws scraper does not run here (these do: file, http, sql, exec, kubernetes); the other scrapers of this ScrapeConfig still run',
      },
    });
    expect(scrapeConfigOutcome('a', { gcp: [{}], azure: [{}] }).notReady?.message).toBe(
      'gcp, azure scrapers do not run here (these do: file, http, sql, exec, kubernetes)',
    );
  });

  it('says when there is nothing to scrape or the schedule is unusable', () => {
    expect(scrapeConfigOutcome('a', {}).notReady?.reason).toBe('NoScrapers');
    expect(scrapeConfigOutcome('a', { file, schedule: 'soon' }).notReady?.reason).toBe(
      'InvalidSchedule',
    );
  });
});
