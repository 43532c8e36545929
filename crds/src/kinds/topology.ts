/** Topology (canaries.flanksource.com/v1): a component tree built from lookups (crds.md §2). */
import { z } from 'zod';
import { AGE_COLUMN, CATEGORIES, READY_COLUMNS, type TypedKindDescriptor } from '../descriptor.js';
import { embeddedCanarySpec } from './canary.js';
import { httpConnectionFields } from './shared/connections.js';
import { baseStatusShape } from './shared/status.js';
import {
  bool,
  configQuery,
  int,
  propertyShape,
  resourceSelector,
  str,
  stringMap,
  template,
} from './shared/values.js';

const lookupSpec = () =>
  embeddedCanarySpec('A CanarySpec; each check display must return JSON.').optional();

const topologyProperty = z.object({
  ...propertyShape,
  lookup: lookupSpec(),
  configLookup: z
    .object({
      id: str(),
      config: configQuery.optional(),
      field: str().describe('JSONPath into the config.'),
      display: template.optional(),
    })
    .optional(),
  summary: template.optional(),
});

const componentCheck = z.object({
  selector: resourceSelector.optional(),
  inline: lookupSpec(),
});

const relationship = z.object({ type: str(), ref: str() });

const summary = z.object({
  healthy: int(),
  unhealthy: int(),
  warning: int(),
  info: int(),
  incidents: z.record(z.string(), z.record(z.string(), z.int())).optional(),
  insights: z.record(z.string(), z.record(z.string(), z.int())).optional(),
  checks: z.record(z.string(), z.int()).optional(),
});

export const componentSpec = z
  .object({
    name: str(),
    namespace: str(),
    tooltip: str(),
    icon: str(),
    owner: str(),
    externalID: str(),
    id: template.optional(),
    order: int(),
    labels: stringMap(),
    hidden: bool(),
    type: str(),
    lifecycle: str(),
    relationships: z.array(relationship).optional(),
    properties: z.array(topologyProperty).optional(),
    lookup: lookupSpec(),
    selectors: z.array(resourceSelector).optional(),
    checks: z.array(componentCheck).optional(),
    configs: z.array(configQuery).optional(),
    summary: summary.optional(),
    logs: z.array(z.object({ name: str(), type: str(), labels: stringMap() })).optional(),
    parentLookup: z
      .object({ name: str(), namespace: str(), type: str(), externalID: str() })
      .optional(),
    statusExpr: str(),
    healthExpr: str(),
    health: str(),
    configID: str(),
    // Children and forEach recurse; the CRD emits the inner level free-form.
    get components(): z.ZodOptional<z.ZodArray<typeof componentSpec>> {
      return z.array(componentSpec).optional();
    },
    get forEach() {
      return z
        .object({
          components: z.array(componentSpec).optional(),
          properties: z.array(topologyProperty).optional(),
          configs: z.array(configQuery).optional(),
          selectors: z.array(resourceSelector).optional(),
          relationships: z.array(relationship).optional(),
          checks: z.array(componentCheck).optional(),
        })
        .optional()
        .describe('Applied to each component a lookup returns.');
    },
  })
  .describe('A component; nested components use the same schema.');

export const topologySpec = z.object({
  type: str(),
  icon: str(),
  text: str().describe("Name of the root component; defaults to the Topology's name."),
  label: str(),
  tooltip: str(),
  owner: str(),
  id: template.optional().describe('Templated against the root component to give its id.'),
  schedule: z.string().default('@every 10m').describe('Cron or @every; @never disables.'),
  components: z.array(componentSpec).optional(),
  properties: z.array(topologyProperty).optional(),
  configs: z.array(configQuery).optional(),
  healthExpr: str().describe('CEL.'),
  statusExpr: str().describe('CEL.'),
  groupBy: z.object({ tag: str(), selector: resourceSelector.optional() }).optional(),
  push: z.object(httpConnectionFields).optional().describe('Agents POST the built tree here.'),
});

export const topologyStatus = z.object({
  ...baseStatusShape,
  // Upstream spells it persistentID here (persistedID on Canary).
  persistentID: str(),
  status: str(),
});

export const topologyKind: TypedKindDescriptor<
  'Topology',
  typeof topologySpec,
  typeof topologyStatus
> = {
  kind: 'Topology',
  listKind: 'TopologyList',
  aliases: [],
  group: 'canaries.flanksource.com',
  version: 'v1',
  plural: 'topologies',
  singular: 'topology',
  shortNames: ['topo'],
  namespaced: true,
  categories: CATEGORIES,
  description: 'Topology builds a tree of components from lookups, selectors and properties.',
  printerColumns: [
    { name: 'Schedule', type: 'string', jsonPath: '.spec.schedule', description: 'Refresh.' },
    {
      name: 'Status',
      type: 'string',
      jsonPath: '.status.status',
      description: 'Status of the root component.',
    },
    ...READY_COLUMNS,
    AGE_COLUMN,
  ],
  finalizer: 'topology.canaries.flanksource.com',
  policyObject: 'topologies',
  spec: topologySpec,
  status: topologyStatus,
};

export type TopologySpec = z.output<typeof topologySpec>;
export type TopologyStatus = z.output<typeof topologyStatus>;
export type ComponentSpec = z.output<typeof componentSpec>;
