import { kindByName, type KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import type { K8sObject } from '../../k8s/objects.js';
import { scheduleError } from '../schedule.js';
import { sourceOf, type Outcome, type Reconciler } from '../reconciler.js';

type Spec = Record<string, unknown>;
const kind = (name: string) => kindByName(name) as KindDescriptor;
const spec = (obj: K8sObject) => (obj.spec ?? {}) as Spec;
const ns = (obj: K8sObject) => obj.metadata.namespace ?? 'default';

function scheduleOutcome(schedule: unknown): Outcome {
  if (typeof schedule !== 'string' || !schedule.trim()) return {};
  const problem = scheduleError(schedule);
  return problem ? { notReady: { reason: 'InvalidSchedule', message: problem } } : {};
}

/** Topology -> topologies. */
export const topologyReconciler = (): Reconciler => ({
  kind: kind('Topology'),
  async apply(db: pg.PoolClient, obj) {
    const s = spec(obj);
    await db.query(
      `INSERT INTO topologies (id, name, namespace, labels, source, spec, schedule) VALUES ($1, $2, $3, $4, 'KubernetesCRD', $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, namespace = EXCLUDED.namespace, labels = EXCLUDED.labels,
         spec = EXCLUDED.spec, schedule = EXCLUDED.schedule, deleted_at = NULL`,
      [
        obj.metadata.uid,
        obj.metadata.name,
        ns(obj),
        obj.metadata.labels ?? {},
        s,
        (s.schedule as string | undefined) ?? null,
      ],
    );
    return scheduleOutcome(s.schedule);
  },
  async remove(db, namespace, name) {
    await db.query(
      `UPDATE topologies SET deleted_at = now() WHERE name = $1 AND namespace = $2 AND source = 'KubernetesCRD' AND deleted_at IS NULL`,
      [name, namespace],
    );
  },
});

/** ScrapeConfig -> config_scrapers, named namespace/name as upstream does. */
export const scrapeConfigReconciler = (): Reconciler => ({
  kind: kind('ScrapeConfig'),
  async apply(db, obj) {
    const s = spec(obj);
    await db.query(
      `INSERT INTO config_scrapers (id, name, description, spec, source) VALUES ($1, $2, $3, $4, 'KubernetesCRD')
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, spec = EXCLUDED.spec, deleted_at = NULL`,
      [
        obj.metadata.uid,
        `${ns(obj)}/${obj.metadata.name}`,
        obj.metadata.annotations?.description ?? null,
        s,
      ],
    );
    return scheduleOutcome(s.schedule);
  },
  async remove(db, namespace, name) {
    await db.query(
      `UPDATE config_scrapers SET deleted_at = now() WHERE name = $1 AND source = 'KubernetesCRD' AND deleted_at IS NULL`,
      [`${namespace}/${name}`],
    );
  },
});

/** Playbook -> playbooks. */
export const playbookReconciler = (): Reconciler => ({
  kind: kind('Playbook'),
  async apply(db, obj) {
    const s = spec(obj);
    await db.query(
      `INSERT INTO playbooks (id, namespace, name, title, icon, description, category, spec, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'KubernetesCRD')
       ON CONFLICT (id) DO UPDATE SET namespace = EXCLUDED.namespace, name = EXCLUDED.name, title = EXCLUDED.title,
         icon = EXCLUDED.icon, description = EXCLUDED.description, category = EXCLUDED.category, spec = EXCLUDED.spec, deleted_at = NULL`,
      [
        obj.metadata.uid,
        ns(obj),
        obj.metadata.name,
        (s.title as string) ?? obj.metadata.name,
        s.icon ?? null,
        s.description ?? null,
        (s.category as string) ?? '',
        s,
      ],
    );
    const actions = s.actions;
    return Array.isArray(actions) && actions.length > 0
      ? {}
      : { notReady: { reason: 'NoActions', message: 'the playbook defines no actions' } };
  },
  async remove(db, namespace, name) {
    await db.query(
      `UPDATE playbooks SET deleted_at = now() WHERE name = $1 AND namespace = $2 AND source = 'KubernetesCRD' AND deleted_at IS NULL`,
      [name, namespace],
    );
  },
});

export { sourceOf };
