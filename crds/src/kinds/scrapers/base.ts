/** Fields every scraper shares (config-db BaseScraper, crds.md §3.2). */
import { z } from 'zod';
import {
  lookup,
  propertyShape,
  relationshipSelectorTemplate,
  str,
  stringMap,
  strings,
} from '../shared/values.js';

const jsonPathOrValue = (what: string) =>
  str().describe(`${what}: a static string, or a JSONPath when it starts with $ or @.`);

const changeMapping = z.object({
  filter: str().describe('CEL.'),
  type: str(),
  severity: str(),
  summary: str(),
  action: z.enum(['delete', 'ignore', 'move-up', 'copy-up', 'copy', 'move']).optional(),
  config_id: str().describe('CEL.'),
  config_type: str(),
  scraper_id: str().describe('"all" matches every scraper.'),
  ancestor_type: str(),
  target: relationshipSelectorTemplate.optional(),
});

const locationRule = z.object({
  type: str(),
  filter: str().describe('CEL.'),
  values: strings(),
  withParent: str(),
});

const transform = z.object({
  expr: str().describe('CEL returning a JSON array of results.'),
  gotemplate: str(),
  javascript: str(),
  jsonpath: str(),
  exclude: z.array(z.object({ types: strings(), jsonpath: str() })).optional(),
  mask: z
    .array(
      z.object({
        selector: str().describe('CEL choosing the items.'),
        jsonpath: str(),
        value: str().describe('md5sum hashes the field; anything else replaces it.'),
      }),
    )
    .optional(),
  changes: z
    .object({
      exclude: strings().describe('CEL; matching changes are dropped.'),
      mapping: z.array(changeMapping).optional(),
    })
    .optional(),
  relationship: z
    .array(
      relationshipSelectorTemplate.extend({
        expr: str().describe('CEL returning selectors.'),
        filter: str(),
        parent: z.boolean().optional(),
      }),
    )
    .optional(),
  locations: z.array(locationRule).optional(),
  aliases: z.array(locationRule).optional(),
});

export const baseScraperShape = {
  id: jsonPathOrValue('Item id'),
  name: jsonPathOrValue('Item name'),
  description: jsonPathOrValue('Item description'),
  type: jsonPathOrValue('Config type'),
  class: jsonPathOrValue('Config class'),
  status: jsonPathOrValue('Status'),
  health: jsonPathOrValue('Health'),
  items: str().describe('JSONPath splitting one document into many items.'),
  format: str().describe('json (default) or properties; file also reads yaml and others.'),
  timestampFormat: str(),
  createFields: strings().describe('JSONPaths for created_at; the first non-empty wins.'),
  deleteFields: strings().describe('JSONPaths for deleted_at; the first non-empty wins.'),
  labels: stringMap(),
  tags: z
    .array(
      z.object({
        name: z.string(),
        value: str(),
        jsonpath: str(),
        label: str(),
      }),
    )
    .max(5)
    .optional(),
  properties: z.array(z.object({ ...propertyShape, filter: str().describe('CEL.') })).optional(),
  transform: transform.optional(),
};

/** Kubernetes relationship rules: each field is a Lookup. */
export const kubernetesRelationship = z.object({
  kind: lookup.optional(),
  name: lookup.optional(),
  namespace: lookup.optional(),
});
