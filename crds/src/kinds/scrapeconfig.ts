/** ScrapeConfig (configs.flanksource.com/v1): catalog scrapers (crds.md §3). */
import { z } from 'zod';
import { AGE_COLUMN, CATEGORIES, READY_COLUMNS, type TypedKindDescriptor } from '../descriptor.js';
import {
  awsScraper,
  execScraper,
  fileScraper,
  httpScraper,
  kubernetesFileScraper,
  kubernetesScraper,
  openScraper,
  sqlScraper,
} from './scrapers/types.js';
import { baseStatusShape, timestamp } from './shared/status.js';
import { bool, int, str, strings } from './shared/values.js';

const list = <T extends z.ZodType>(item: T) => z.array(item).optional();

const OPEN_SCRAPERS = {
  postgres: 'PostgreSQL',
  clickhouse: 'ClickHouse',
  azure: 'Azure',
  azureDevops: 'Azure DevOps',
  gcp: 'GCP',
  github: 'GitHub',
  githubActions: 'GitHub Actions',
  slack: 'Slack',
  trivy: 'Trivy',
  terraform: 'Terraform',
  logs: 'Logs',
  pubsub: 'Pub/Sub',
  playwright: 'Playwright',
} as const;

const openScrapers = Object.fromEntries(
  Object.entries(OPEN_SCRAPERS).map(([key, what]) => [key, list(openScraper(what))]),
) as { [K in keyof typeof OPEN_SCRAPERS]: ReturnType<typeof list<ReturnType<typeof openScraper>>> };

const retention = z.object({
  changes: z.array(z.object({ name: str(), age: str(), count: int() })).optional(),
  types: z
    .array(z.object({ name: str(), createdAge: str(), updatedAge: str(), deletedAge: str() }))
    .optional(),
  staleItemAge: str().describe('Default 24h; "keep" disables.'),
  staleAnalysisAge: str().describe('Default 48h; "keep" disables.'),
});

export const scrapeConfigSpec = z.object({
  // No schema default: upstream takes it from --default-schedule (@every 60m) or a property, so
  // the operator's setting must still apply to objects that leave it out.
  schedule: str().describe('Cron or @every; default @every 60m, minimum interval 29s.'),
  timeout: str().describe('Default 4h.'),
  logLevel: str().describe('trace, debug or info.'),
  retention: retention.optional(),
  full: bool().describe('Extract changes, analysis and relationships from the scraped JSON.'),
  crdSync: bool().describe('Mirror scraped Playbook, ScrapeConfig and Canary items.'),
  system: bool(),
  kubernetes: list(kubernetesScraper),
  kubernetesFile: list(kubernetesFileScraper),
  file: list(fileScraper),
  http: list(httpScraper),
  sql: list(sqlScraper),
  exec: list(execScraper),
  aws: list(awsScraper),
  ...openScrapers,
});

const runStatus = {
  success: int().describe('Items scraped.'),
  error: int().describe('Errors.'),
  errors: strings(),
  timestamp: timestamp().optional(),
};

export const scrapeConfigStatus = z.object({
  ...baseStatusShape,
  lastRun: z.object(runStatus).optional(),
  incremental: z.object({ count: int(), ...runStatus }).optional(),
});

export const scrapeConfigKind: TypedKindDescriptor<
  'ScrapeConfig',
  typeof scrapeConfigSpec,
  typeof scrapeConfigStatus
> = {
  kind: 'ScrapeConfig',
  listKind: 'ScrapeConfigList',
  aliases: [],
  group: 'configs.flanksource.com',
  version: 'v1',
  plural: 'scrapeconfigs',
  singular: 'scrapeconfig',
  shortNames: ['scrape'],
  namespaced: true,
  categories: CATEGORIES,
  description: 'ScrapeConfig scrapes configuration items, changes and analysis into the catalog.',
  printerColumns: [
    {
      name: 'Schedule',
      type: 'string',
      jsonPath: '.spec.schedule',
      description: 'Cron schedule.',
    },
    {
      name: 'Last Run',
      type: 'date',
      jsonPath: '.status.lastRun.timestamp',
      description: 'Time of the last scrape.',
    },
    {
      name: 'Errors',
      type: 'integer',
      jsonPath: '.status.lastRun.error',
      description: 'Errors in the last scrape.',
      priority: 1,
    },
    ...READY_COLUMNS,
    AGE_COLUMN,
  ],
  policyObject: 'config_scrapers',
  spec: scrapeConfigSpec,
  status: scrapeConfigStatus,
};

export type ScrapeConfigSpec = z.output<typeof scrapeConfigSpec>;
export type ScrapeConfigStatus = z.output<typeof scrapeConfigStatus>;
