import { kindByName, type KindDescriptor } from '@vigil/crds';
import type pg from 'pg';
import type { K8sObject } from '../../k8s/objects.js';
import { scheduleError } from '../schedule.js';
import { sourceOf, type Outcome, type Reconciler } from '../reconciler.js';

/** Check types of crds.md §1: every spec key holding a list of checks. */
export const CHECK_TYPES = [
  'http',
  'tcp',
  'dns',
  'icmp',
  'exec',
  'postgres',
  'mysql',
  'mssql',
  'mongodb',
  'redis',
  'prometheus',
  'alertmanager',
  'folder',
  'junit',
  'kubernetes',
  'catalog',
  'ldap',
  'elasticsearch',
  'opensearch',
  'cloudwatch',
  'awsConfig',
  'awsConfigRule',
  'azureDevops',
  's3',
  'gcs',
  'git',
  'github',
  'containerd',
  'docker',
  'dockerPush',
  'helm',
  'jmeter',
  'namespace',
  'pod',
  'restic',
  'smb',
  'sftp',
  'dynatrace',
  'kubernetesResource',
  'webhook',
];

type Spec = Record<string, unknown> & { schedule?: string; interval?: number };

export function checksOf(
  spec: Spec,
): { type: string; name: string; spec: Record<string, unknown> }[] {
  return CHECK_TYPES.flatMap((type) => {
    const list = spec[type];
    if (!Array.isArray(list)) return [];
    return list.map((entry, i) => {
      const e = (entry ?? {}) as Record<string, unknown>;
      const name = (e.name ?? e.endpoint ?? e.url ?? e.query ?? `${type}-${i + 1}`) as string;
      return { type, name: String(name), spec: e };
    });
  });
}

export const canaryReconciler = (): Reconciler => ({
  kind: kindByName('Canary') as KindDescriptor,
  async apply(db: pg.PoolClient, obj: K8sObject): Promise<Outcome> {
    const spec = (obj.spec ?? {}) as Spec;
    const ns = obj.metadata.namespace ?? 'default';
    const source = sourceOf(ns, obj.metadata.name);
    const schedule = spec.schedule?.trim();
    const problem = schedule
      ? scheduleError(schedule)
      : spec.interval === undefined
        ? undefined
        : spec.interval > 0
          ? undefined
          : 'interval must be a positive number of seconds';
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
        source,
      ],
    );
    const checks: Record<string, string> = {};
    const ids: string[] = [];
    for (const c of checksOf(spec)) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO checks (canary_id, type, name, namespace, spec, labels, description, icon, severity)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (canary_id, type, name, agent_id) DO UPDATE SET spec = EXCLUDED.spec, labels = EXCLUDED.labels,
           description = EXCLUDED.description, icon = EXCLUDED.icon, severity = EXCLUDED.severity, deleted_at = NULL
         RETURNING id`,
        [
          obj.metadata.uid,
          c.type,
          c.name,
          ns,
          c.spec,
          { ...(obj.metadata.labels ?? {}), ...((c.spec.labels as object) ?? {}) },
          c.spec.description ?? null,
          c.spec.icon ?? null,
          spec.severity ?? null,
        ],
      );
      const id = rows[0]?.id as string;
      checks[c.name] = id;
      ids.push(id);
    }
    // Checks removed from the spec go away (soft delete keeps their history readable).
    await db.query(
      `UPDATE checks SET deleted_at = now() WHERE canary_id = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[]))`,
      [obj.metadata.uid, ids],
    );
    return {
      status: { checks },
      ...(problem
        ? { notReady: { reason: 'InvalidSchedule', message: problem } }
        : ids.length === 0
          ? { notReady: { reason: 'NoChecks', message: 'the canary defines no checks' } }
          : {}),
    };
  },
  async remove(db, namespace, name) {
    await db.query(
      `UPDATE canaries SET deleted_at = now() WHERE source = $1 AND deleted_at IS NULL`,
      [sourceOf(namespace, name)],
    );
  },
});
