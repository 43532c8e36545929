import { parseDuration, scheduleError } from '../controllers/schedule.js';
import { canarySchedule, type CanarySchedule } from '../health/schedule.js';

/**
 * When a ScrapeConfig scrapes: `schedule` (cron or `@every`), by default every 60 minutes; an
 * interval below 29 seconds is raised to 29 seconds, and the status says so. Scrapes are spread
 * over their period by a stable phase per scraper, as canaries are.
 */
export const DEFAULT_SCHEDULE = '@every 60m';
export const MIN_INTERVAL_MS = 29_000;

export interface ScraperSchedule {
  text: string;
  schedule?: CanarySchedule;
  /** Why the schedule differs from what was written (raised), or why it cannot be used. */
  note?: string;
  invalid?: boolean;
}

export function scraperSchedule(id: string, spec: Record<string, unknown>): ScraperSchedule {
  const written =
    typeof spec.schedule === 'string' && spec.schedule.trim() ? spec.schedule.trim() : '';
  let text = written || DEFAULT_SCHEDULE;
  let note: string | undefined;
  const problem = scheduleError(text);
  if (problem) return { text, note: problem, invalid: true };
  if (text.startsWith('@every')) {
    const period = parseDuration(text.slice(6).trim()) ?? 0;
    if (period < MIN_INTERVAL_MS) {
      note = `schedule "${written}" is more often than the minimum of every 29s: scraping every 29s`;
      text = '@every 29s';
    }
  }
  const schedule = canarySchedule({ id, spec: { schedule: text } });
  return { text, ...(schedule ? { schedule } : {}), ...(note ? { note } : {}) };
}
