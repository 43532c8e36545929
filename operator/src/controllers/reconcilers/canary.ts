import { kindByName, type KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import { projectChecks, type Spec } from '../../health/projection.js';
import { canaryProblem } from '../../health/validate.js';
import type { K8sObject } from '../../k8s/objects.js';
import { sourceOf, type Outcome, type Reconciler } from '../reconciler.js';

/**
 * Projects a Canary into canaries (id = the resource's uid) and its checks; the health engine
 * picks the change up and (re)schedules it. Problems a user must fix are Ready=False.
 */
export const canaryReconciler = (): Reconciler => ({
  kind: kindByName('Canary') as KindDescriptor,
  async apply(db: pg.PoolClient, obj: K8sObject): Promise<Outcome> {
    const spec = (obj.spec ?? {}) as Spec;
    const ns = obj.metadata.namespace ?? 'default';
    await db.query(
      `INSERT INTO canaries (id, name, namespace, labels, annotations, spec, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, namespace = EXCLUDED.namespace, labels = EXCLUDED.labels,
         annotations = EXCLUDED.annotations, spec = EXCLUDED.spec, source = EXCLUDED.source, deleted_at = NULL`,
      [
        obj.metadata.uid,
        obj.metadata.name,
        ns,
        obj.metadata.labels ?? {},
        obj.metadata.annotations ?? {},
        spec,
        sourceOf(ns, obj.metadata.name),
      ],
    );
    const checks = await projectChecks(db, {
      id: obj.metadata.uid as string,
      namespace: ns,
      labels: obj.metadata.labels ?? {},
      spec,
    });
    const problem = canaryProblem(spec);
    return {
      status: { checks, persistedID: obj.metadata.uid },
      ...(problem ? { notReady: problem } : {}),
    };
  },
  async remove(db, namespace, name) {
    await db.query(
      `UPDATE canaries SET deleted_at = now() WHERE source = $1 AND deleted_at IS NULL`,
      [sourceOf(namespace, name)],
    );
  },
});
