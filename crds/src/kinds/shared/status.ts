/** Status building blocks: every kind reports Kubernetes conditions and observedGeneration. */
import { z } from 'zod';

/** RFC 3339 time as metav1.Time serialises it. */
export const timestamp = () => z.iso.datetime({ offset: true });

/** metav1.Condition, with the same limits the apiserver's own types declare. */
export const condition = z.object({
  type: z.string().max(316).describe('Condition type in CamelCase, e.g. Ready.'),
  status: z.enum(['True', 'False', 'Unknown']),
  observedGeneration: z.int().min(0).optional(),
  lastTransitionTime: timestamp(),
  reason: z
    .string()
    .min(1)
    .max(1024)
    .regex(/^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/)
    .describe('Machine-readable CamelCase reason for the last transition.'),
  message: z.string().max(32768),
});

/** A list map keyed by type, so server-side apply merges one condition at a time. */
export const conditions = z
  .array(condition)
  .meta({ 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] });

export const baseStatusShape = {
  observedGeneration: z.int().min(0).optional().describe('The generation last reconciled.'),
  conditions: conditions.optional(),
};
