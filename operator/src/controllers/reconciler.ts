import type { KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import type { K8sObject } from '../k8s/objects.js';

/** What reconciling produced: the kind's own status fields, or why the object is not Ready. */
export interface Outcome {
  status?: Record<string, unknown>;
  notReady?: { reason: string; message: string };
  /** Ready, with something worth saying (e.g. a schedule raised to its minimum). */
  message?: string;
  /**
   * Reconcile again after this long even if nothing changes (a referenced object that may
   * appear later, such as a rule's playbook applied after the rule).
   */
  requeueAfterMs?: number;
}

/** Reads a live object of any kind, through the controllers' source. */
export type Lookup = (
  kind: KindDescriptor,
  namespace: string,
  name: string,
) => Promise<K8sObject | undefined>;

/** What is known of an object that is gone. */
export interface Gone {
  /** Its uid as last reconciled by this process; unknown after a restart. */
  uid?: string;
  lookup: Lookup;
}

/** Status fields an engine keeps changing for one object, with the object they belong to. */
export interface RefreshedStatus {
  uid: string;
  namespace: string;
  name: string;
  fields: Record<string, unknown>;
}

/**
 * One per kind: projects the resource into its domain tables (with `source` naming the
 * resource) and removes the projection when the resource is gone.
 */
export interface Reconciler {
  kind: KindDescriptor;
  apply(db: pg.PoolClient, obj: K8sObject, lookup: Lookup): Promise<Outcome>;
  remove(db: pg.Pool, namespace: string, name: string, gone: Gone): Promise<void>;
  /**
   * Kinds projected into the same rows: when an object of this kind is removed, the same
   * namespace/name is reconciled for them, so one that lost a name collision takes it over.
   */
  siblings?: readonly string[];
  /**
   * Status fields that change while the object does not (a rule's send counts): read every
   * `everyMs` while leading, and written to objects whose status differs.
   */
  refreshStatus?: { everyMs: number; read(db: pg.Pool): Promise<RefreshedStatus[]> };
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
