/** Fields every Canary check shares (crds.md §1.2). */
import { z } from 'zod';
import {
  bool,
  relationshipSelectorTemplate,
  str,
  stringMap,
  strings,
  template,
} from '../shared/values.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const metric = z.object({
  name: str(),
  type: z.enum(['counter', 'gauge', 'histogram']).optional(),
  value: str().describe('CEL expression evaluated against the result.'),
  labels: z
    .array(
      z.object({
        name: z.string(),
        value: str(),
        valueExpr: str().describe('CEL expression.'),
      }),
    )
    .optional(),
});

/** Retry settings; retrying is on only when maxRetries > 0 or timeout > 0. */
export const checkRetries = z.object({
  delay: str(),
  timeout: str(),
  interval: str().describe('Defaults to 1s when retrying is on.'),
  maxRetries: z.int().min(0).optional(),
  disabled: bool(),
});

export const checkBaseShape = {
  name: z.string().describe('Unique within the canary: it keys status.checks and outputs.'),
  description: str(),
  // Upstream's CRD says string, but its decoder still takes an old `{name: ...}` object (seen in
  // spec files): the CRD keeps the string type while the parser accepts both.
  namespace: z
    .preprocess((v) => (isObject(v) && 'name' in v ? v.name : v), z.string())
    .meta({ type: 'string' })
    .optional()
    .describe("Namespace recorded for the check row; defaults to the canary's namespace."),
  icon: str(),
  labels: stringMap(),
  test: template.optional(),
  display: template.optional(),
  transform: template.optional(),
  metrics: z.array(metric).optional(),
  markFailOnEmpty: bool().describe('Fail when the datasource returns nothing.'),
  dependsOn: strings().describe('Names of checks that must run first.'),
  retries: checkRetries.optional(),
  transformDeleteStrategy: z.enum(['MarkHealthy', 'MarkUnhealthy', 'Ignore']).optional(),
  relationships: z
    .object({
      components: z.array(relationshipSelectorTemplate).optional(),
      configs: z.array(relationshipSelectorTemplate).optional(),
    })
    .optional(),
};

/** A check type: the common fields plus its own. */
export function check<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...checkBaseShape, ...shape });
}

/** Only http, tcp, dns, icmp and azureDevops have it; 0 means no threshold (and no timeout). */
export const thresholdMillis = () =>
  z.int().min(0).optional().describe('Maximum duration in milliseconds; 0 disables.');
