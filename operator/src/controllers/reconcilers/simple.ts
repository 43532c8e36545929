import { kindByName, type KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import type { K8sObject } from '../../k8s/objects.js';
import { scheduleError } from '../schedule.js';
import { scraperSchedule } from '../../catalog/schedule.js';
import { scraperTypes, SUPPORTED_SCRAPERS } from '../../catalog/types.js';
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

/**
 * ScrapeConfig -> config_scrapers, named namespace/name as upstream does. Scraper types that do
 * not run here are accepted and named in a Ready=False condition (the others still run); a
 * schedule below the 29 s minimum is raised, and the condition says so.
 */
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
    return scrapeConfigOutcome(obj.metadata.uid ?? '', s);
  },
  async remove(db, namespace, name) {
    await db.query(
      `UPDATE config_scrapers SET deleted_at = now() WHERE name = $1 AND source = 'KubernetesCRD' AND deleted_at IS NULL`,
      [`${namespace}/${name}`],
    );
  },
});

export function scrapeConfigOutcome(id: string, s: Spec): Outcome {
  const types = scraperTypes(s);
  if (!types.length)
    return {
      notReady: {
        reason: 'NoScrapers',
        message: `spec names no scraper: add one of ${SUPPORTED_SCRAPERS.join(', ')}`,
      },
    };
  const schedule = scraperSchedule(id, s);
  if (schedule.invalid)
    return {
      notReady: { reason: 'InvalidSchedule', message: schedule.note ?? 'invalid schedule' },
    };
  const unsupported = types.filter((t) => !(SUPPORTED_SCRAPERS as readonly string[]).includes(t));
  if (unsupported.length)
    return {
      notReady: {
        reason: 'UnsupportedScraper',
        message: `${unsupported.join(', ')} ${unsupported.length > 1 ? 'scrapers do' : 'scraper does'} not run here (these do: ${SUPPORTED_SCRAPERS.join(', ')})${
          unsupported.length < types.length
            ? '; the other scrapers of this ScrapeConfig still run'
            : ''
        }`,
      },
    };
  return schedule.note ? { message: schedule.note } : {};
}

/**
 * kubectl's YAML 1.1 parser reads an unquoted `on:` key as the boolean true and sends it as
 * `"true"`; the playbook stores it as `on`, as written.
 */
export function playbookSpecAsWritten(s: Spec): Spec {
  if (!('true' in s)) return s;
  const { true: on, ...rest } = s;
  return rest.on === undefined ? { ...rest, on } : rest;
}

/** Playbook -> playbooks. */
export const playbookReconciler = (): Reconciler => ({
  kind: kind('Playbook'),
  async apply(db, obj) {
    const s = playbookSpecAsWritten(spec(obj));
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
