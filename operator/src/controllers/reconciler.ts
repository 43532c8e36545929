import type { KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import type { K8sObject } from '../k8s/objects.js';

/** What reconciling produced: the kind's own status fields, or why the object is not Ready. */
export interface Outcome {
  status?: Record<string, unknown>;
  notReady?: { reason: string; message: string };
  /** Ready, with something worth saying (e.g. a schedule raised to its minimum). */
  message?: string;
}

/**
 * One per kind: projects the resource into its domain tables (with `source` naming the
 * resource) and removes the projection when the resource is gone.
 */
export interface Reconciler {
  kind: KindDescriptor;
  apply(db: pg.PoolClient, obj: K8sObject): Promise<Outcome>;
  remove(db: pg.Pool, namespace: string, name: string): Promise<void>;
}

export const sourceOf = (namespace: string, name: string) => `kubernetes/${namespace}/${name}`;

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration: number;
}

/** The Ready condition, keeping its transition time while its status stays the same. */
export function readyCondition(
  previous: Condition[] | undefined,
  outcome: Outcome,
  generation: number,
  now: string,
): Condition {
  const status = outcome.notReady ? 'False' : 'True';
  const old = previous?.find((c) => c.type === 'Ready');
  return {
    type: 'Ready',
    status,
    reason: outcome.notReady?.reason ?? 'Reconciled',
    message: outcome.notReady?.message ?? outcome.message ?? 'The resource is in effect',
    lastTransitionTime: old && old.status === status ? old.lastTransitionTime : now,
    observedGeneration: generation,
  };
}
