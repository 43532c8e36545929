/** Canary (canaries.flanksource.com/v1): health checks run on a schedule (crds.md §1). */
import { z } from 'zod';
import { AGE_COLUMN, CATEGORIES, type TypedKindDescriptor } from '../descriptor.js';
import { alertmanagerCheck, prometheusCheck } from './canary/monitoring.js';
import {
  awsConfigCheck,
  awsConfigRuleCheck,
  azureDevopsCheck,
  cloudwatchCheck,
  databaseBackupCheck,
  dynatraceCheck,
  jmeterCheck,
  pubsubCheck,
  resticCheck,
} from './canary/cloud.js';
import { checkBaseShape, checkRetries } from './canary/common.js';
import { ldapCheck, mongodbCheck, redisCheck, searchCheck, sqlCheck } from './canary/datastores.js';
import { execCheck } from './canary/exec.js';
import { httpCheck } from './canary/http.js';
import { catalogCheck, junitCheck, kubernetesCheck } from './canary/kubernetes.js';
import { dnsCheck, icmpCheck, tcpCheck } from './canary/network.js';
import { removedChecks, webhookCheck } from './canary/removed.js';
import { folderCheck, s3Check } from './canary/storage.js';
import { kubernetesConnectionFields } from './shared/connections.js';
import { freeForm, schemaless } from './shared/markers.js';
import { baseStatusShape, timestamp } from './shared/status.js';
import { bool, int, str, stringMap, strings } from './shared/values.js';

const list = <T extends z.ZodType>(item: T) => z.array(item).optional();

const keyRef = z.object({ name: str(), key: z.string(), optional: bool() });
const varSource = z.object({
  value: str(),
  fieldRef: z.object({ apiVersion: str(), fieldPath: z.string() }).optional(),
  configMapKeyRef: keyRef.optional(),
  secretKeyRef: keyRef.optional(),
});

/**
 * A CanarySpec inside another object (nested checks here, lookups in Topology). Typed as a plain
 * record because TypeScript can neither infer through the recursion nor print the whole type into
 * declarations; zod still validates it (with defaults) in full. The CRD keeps it free-form: a
 * structural schema cannot recurse, and inlining it at every use would exceed the apiserver's
 * size limit.
 */
export function embeddedCanarySpec(description: string) {
  return schemaless(
    z.lazy((): z.ZodType<Record<string, unknown>> => canarySpec),
    description,
  );
}

/** Applies resources, waits for them, runs nested checks, then deletes the per-run resources. */
const kubernetesResourceCheck = z.object({
  ...checkBaseShape,
  ...kubernetesConnectionFields,
  resources: list(freeForm('A Kubernetes object created for each run and deleted after it.')),
  staticResources: list(freeForm('A Kubernetes object applied once and kept.')),
  clearResources: bool(),
  waitFor: z
    .object({
      expr: str().describe('CEL; by default every resource must be healthy.'),
      disable: bool(),
      delete: bool(),
      timeout: z.string().default('10m'),
      interval: z.string().default('5s'),
    })
    .optional(),
  checkRetries: z
    .object({ delay: str(), interval: str(), timeout: str() })
    .optional()
    .describe('Deprecated: use retries.'),
  checks: list(embeddedCanarySpec('A CanarySpec run inside this check.')),
});

export const canarySpec = z.object({
  replicas: z.int().min(0).default(1).describe('0 pauses the canary.'),
  schedule: str().describe('5-field cron, @every <duration>, @hourly, ...; @never never runs.'),
  interval: z
    .int()
    .min(0)
    .optional()
    .describe('Deprecated: seconds, used as @every <n>s when schedule is empty.'),
  icon: str(),
  severity: str().describe('Copied onto every check (and added as a label).'),
  owner: str().describe('Copied onto every check (and added as a label).'),
  resultMode: str().describe('Only "junit" is meaningful: all results collapse into one check.'),
  env: z.record(z.string(), varSource).optional().describe('Declared upstream; not read.'),
  retries: checkRetries.optional().describe('Defaults for every check, overridden per field.'),
  agentSelector: strings().describe('Agent name patterns (eu-west-*, !team-b); runs on agents.'),
  http: list(httpCheck),
  dns: list(dnsCheck),
  tcp: list(tcpCheck),
  icmp: list(icmpCheck),
  exec: list(execCheck),
  postgres: list(sqlCheck),
  mysql: list(sqlCheck),
  mssql: list(sqlCheck),
  redis: list(redisCheck),
  mongodb: list(mongodbCheck),
  prometheus: list(prometheusCheck),
  alertmanager: list(alertmanagerCheck),
  elasticsearch: list(searchCheck),
  opensearch: list(searchCheck),
  folder: list(folderCheck),
  s3: list(s3Check),
  kubernetes: list(kubernetesCheck),
  kubernetesResource: list(kubernetesResourceCheck),
  junit: list(junitCheck),
  ldap: list(ldapCheck),
  catalog: list(catalogCheck),
  dynatrace: list(dynatraceCheck),
  cloudwatch: list(cloudwatchCheck),
  awsConfig: list(awsConfigCheck),
  awsConfigRule: list(awsConfigRuleCheck),
  azureDevops: list(azureDevopsCheck),
  databaseBackup: list(databaseBackupCheck),
  restic: list(resticCheck),
  jmeter: list(jmeterCheck),
  pubsub: list(pubsubCheck),
  ...removedChecks,
  webhook: webhookCheck.optional().describe('Passive check; results are pushed to it.'),
});

const checkStatus = z.object({
  lastTransitionedTime: timestamp().optional(),
  lastCheck: timestamp().optional(),
  message: str(),
  errorMessage: str(),
  uptime1h: str(),
  latency1h: str(),
});

export const canaryStatus = z.object({
  ...baseStatusShape,
  persistedID: str().describe('Database id (the object uid).'),
  status: z.enum(['Passed', 'Failed', 'Invalid']).optional().describe('Result of the last run.'),
  message: str(),
  errorMessage: str(),
  lastCheck: timestamp().optional(),
  lastTransitionedTime: timestamp().optional(),
  uptime1h: str().describe('"passed/total (x.x%)" over the last hour.'),
  latency1h: str().describe('Highest per-check p95 over the last hour.'),
  checks: stringMap().describe('Check name to check id.'),
  checkStatus: z.record(z.string(), checkStatus).optional().describe('Keyed by check id.'),
  replicas: int(),
  selector: str(),
});

export const canaryKind: TypedKindDescriptor<'Canary', typeof canarySpec, typeof canaryStatus> = {
  kind: 'Canary',
  listKind: 'CanaryList',
  aliases: [],
  group: 'canaries.flanksource.com',
  version: 'v1',
  plural: 'canaries',
  singular: 'canary',
  // Not "canary": that is already the singular (ours and Flagger's), so it would add nothing.
  shortNames: ['cnry'],
  namespaced: true,
  categories: CATEGORIES,
  description: 'Canary runs health checks on a schedule and records their results.',
  printerColumns: [
    {
      name: 'Replicas',
      type: 'integer',
      jsonPath: '.spec.replicas',
      description: '0 pauses the canary.',
      priority: 1,
    },
    {
      name: 'Interval',
      type: 'integer',
      jsonPath: '.spec.interval',
      description: 'Seconds between runs (deprecated).',
    },
    { name: 'Schedule', type: 'string', jsonPath: '.spec.schedule', description: 'Cron schedule.' },
    {
      name: 'Status',
      type: 'string',
      jsonPath: '.status.status',
      description: 'Result of the last run.',
    },
    {
      name: 'Last Check',
      type: 'date',
      jsonPath: '.status.lastCheck',
      description: 'Time of the last run.',
    },
    {
      name: 'Uptime 1H',
      type: 'string',
      jsonPath: '.status.uptime1h',
      description: 'Passed/total over the last hour.',
    },
    {
      name: 'Latency 1H',
      type: 'string',
      jsonPath: '.status.latency1h',
      description: 'Highest check p95 over the last hour.',
    },
    {
      name: 'Last Transitioned',
      type: 'date',
      jsonPath: '.status.lastTransitionedTime',
      description: 'When a check last changed between passing and failing.',
    },
    {
      name: 'Message',
      type: 'string',
      jsonPath: '.status.message',
      description: 'First message of the last run.',
      priority: 1,
    },
    {
      name: 'Error',
      type: 'string',
      jsonPath: '.status.errorMessage',
      description: 'First error of the last run.',
      priority: 1,
    },
    AGE_COLUMN,
  ],
  finalizer: 'canary.canaries.flanksource.com',
  scale: {
    specReplicasPath: '.spec.replicas',
    statusReplicasPath: '.status.replicas',
    labelSelectorPath: '.status.selector',
  },
  policyObject: 'canaries',
  spec: canarySpec,
  status: canaryStatus,
};

export type CanarySpec = z.output<typeof canarySpec>;
export type CanaryStatus = z.output<typeof canaryStatus>;
