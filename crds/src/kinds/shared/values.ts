/** Value types shared by several kinds (crds.md §0.1, from duty). */
import { z } from 'zod';

export const str = () => z.string().optional();
export const bool = () => z.boolean().optional();
export const int = () => z.int().optional();
export const strings = () => z.array(z.string()).optional();

/** Kubernetes-style string map (labels, filters, variables). */
export const stringMap = () => z.record(z.string(), z.string()).optional();

const keySelector = z.object({
  name: str(),
  key: z.string(),
  optional: bool(),
});

export const envVarSource = z.object({
  serviceAccount: str().describe('Use the token of this service account.'),
  helmRef: z
    .object({
      name: str(),
      key: z.string().describe('A JSONPath into the merged Helm values.'),
    })
    .optional(),
  configMapKeyRef: keySelector.optional(),
  secretKeyRef: keySelector.optional(),
});

/** A static (templatable) value or a lookup in the owning object's namespace. */
export const envVar = z.object({
  name: str(),
  value: str(),
  valueFrom: envVarSource.optional(),
});
export const optEnvVar = () => envVar.optional();
export const envVars = () => z.array(envVar).optional();

/** One script language per field; the UI's Go Template / Javascript / Expr / JSONPath choices. */
export const template = z.object({
  expr: str().describe('CEL expression.'),
  javascript: str(),
  template: str().describe('Go template.'),
  jsonPath: str(),
});

export const resourceSelectorShape = {
  agent: str().describe('Agent id or name, or "self" for local.'),
  scope: str().describe('Scraper, canary or topology (uuid or namespace/name).'),
  cache: str().describe('no-cache, no-store or max-age=X.'),
  search: str().describe('Free-text query over name, tags and labels; ";" separates OR terms.'),
  limit: int(),
  includeDeleted: bool(),
  id: str(),
  name: str().describe('"*" matches everything.'),
  namespace: str(),
  tagSelector: str(),
  labelSelector: str(),
  fieldSelector: str(),
  health: str().describe('Comma-separated health values.'),
  types: strings(),
  statuses: strings(),
};
export const resourceSelector = z.object(resourceSelectorShape);
export const resourceSelectors = () => z.array(resourceSelector).optional();

export const configQuery = z.object({
  ...resourceSelectorShape,
  class: str(),
  external_id: str(),
  tags: stringMap(),
  type: str(),
});

/** A value given literally, copied from a result label, or computed with CEL. */
export const lookup = z.object({ value: str(), label: str(), expr: str() });

export const relationshipSelectorTemplate = z.object({
  id: lookup.optional(),
  external_id: lookup.optional(),
  name: lookup.optional(),
  namespace: lookup.optional(),
  type: lookup.optional(),
  agent: lookup.optional(),
  scope: lookup.optional(),
  labels: stringMap(),
});

/** Properties shown on catalog items and components (duty's Property). */
export const propertyShape = {
  label: str(),
  name: str(),
  tooltip: str(),
  icon: str(),
  text: str(),
  order: int(),
  headline: bool(),
  type: str(),
  color: str(),
  hidden: bool(),
  unit: str().describe('milliseconds, bytes, millicores, epoch, ...'),
  value: int(),
  max: int(),
  min: int(),
  status: str(),
  lastTransition: str(),
  links: z
    .array(
      z.object({
        type: str(),
        url: str(),
        text: str(),
        tooltip: str(),
        icon: str(),
        label: str(),
      }),
    )
    .optional(),
};
export const property = z.object(propertyShape);
