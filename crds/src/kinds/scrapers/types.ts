/** Scraper types (crds.md §3.3). */
import { z } from 'zod';
import {
  artifacts,
  awsConnectionFields,
  execConnections,
  gitConnection,
  httpConnectionFields,
  kubernetesConnectionFields,
} from '../shared/connections.js';
import { freeForm, openObject } from '../shared/markers.js';
import {
  bool,
  envVar,
  envVars,
  int,
  resourceSelectorShape,
  str,
  stringMap,
  strings,
} from '../shared/values.js';
import { baseScraperShape, kubernetesRelationship } from './base.js';

const scraper = <T extends z.ZodRawShape>(shape: T) => z.object({ ...baseScraperShape, ...shape });

export const kubernetesScraper = scraper({
  ...kubernetesConnectionFields,
  clusterName: z.string(),
  namespace: str(),
  useCache: bool(),
  allowIncomplete: bool(),
  scope: str(),
  since: str(),
  selector: str().describe('Label selector.'),
  fieldSelector: str(),
  maxInflight: int(),
  // The UI spells it maxInFlight; accept that and store the upstream key.
  maxInFlight: int().describe('Alias of maxInflight.'),
  watch: z.array(z.object({ apiVersion: str(), kind: str() })).optional(),
  event: z
    .object({
      exclusions: z.object({ name: strings(), namespace: strings(), reason: strings() }).optional(),
      severityKeywords: z.object({ warn: strings(), error: strings() }).optional(),
    })
    .optional(),
  exclusions: z
    .object({ name: strings(), kind: strings(), namespace: strings(), labels: stringMap() })
    .optional(),
  relationships: z.array(kubernetesRelationship).optional(),
}).transform(({ maxInFlight, ...rest }) => ({
  ...rest,
  maxInflight: rest.maxInflight ?? maxInFlight,
}));

export const kubernetesFileScraper = scraper({
  ...kubernetesConnectionFields,
  selector: z.object({
    namespace: str(),
    kind: str(),
    name: str(),
    labelSelector: str(),
    fieldSelector: str(),
  }),
  container: str(),
  files: z.array(z.object({ path: strings(), format: str() })).optional(),
});

export const fileScraper = scraper({
  url: str().describe('git, http or go-getter source.'),
  paths: strings().describe('Globs; each matched file is an item.'),
  ignore: strings(),
  icon: str(),
  connection: str(),
});

export const httpScraper = scraper({
  ...httpConnectionFields,
  env: envVars(),
  method: str(),
  body: str(),
  pagination: z
    .object({
      nextPageExpr: str().describe('CEL.'),
      reduceExpr: str().describe('CEL.'),
      perPage: int(),
      maxPages: int(),
      delay: str(),
    })
    .optional(),
});

export const sqlScraper = scraper({
  connection: z.string(),
  auth: z.object({ username: envVar.optional(), password: envVar.optional() }).optional(),
  driver: str(),
  query: z.string(),
});

export const execScraper = scraper({
  script: z.string(),
  connections: execConnections.optional(),
  checkout: gitConnection.optional(),
  env: envVars(),
  query: z
    .array(
      z.object({
        path: str().describe('File the results are written to.'),
        ...resourceSelectorShape,
      }),
    )
    .optional(),
  artifacts: artifacts(),
  setup: freeForm('Runtimes to install before the script runs.').optional(),
});

export const awsScraper = scraper({
  ...awsConnectionFields,
  region: strings(),
  compliance: bool(),
  cloudtrail: z.object({ exclude: strings(), maxAge: z.string().default('7d') }).optional(),
  include: strings(),
  exclude: strings(),
  exclusions: freeForm('Resources to leave out.').optional(),
  costReporting: z
    .object({ s3BucketPath: str(), table: str(), database: str(), region: str() })
    .optional(),
});

/** Scrapers our reference names without fields: common fields checked, the rest kept. */
export const openScraper = (what: string) => openObject(baseScraperShape, `${what} scraper.`);
