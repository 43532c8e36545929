import type { CatalogEngine } from '../catalog/engine.js';
import type { ScrapeOutcome } from '../catalog/run.js';
import type { HealthEngine } from '../health/engine.js';

/**
 * The engines running in this process, for the routes that need them (Run Now, Scrape now).
 * With replicas sharing the work, `runNow` runs the work on the replica that owns it
 * (controllers/ownerRelay.ts); without, the local engine runs everything.
 */
export interface HealthRef {
  engine?: HealthEngine;
  /** Runs a check where it is owned; the stored result's time, or undefined if none runs it. */
  runNow?: (checkId: string) => Promise<{ time: string } | undefined>;
}

export interface CatalogRef {
  engine?: CatalogEngine;
  runNow?: (scraperId: string) => Promise<ScrapeOutcome | undefined>;
}
