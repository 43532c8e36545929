import type pg from 'pg';

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

export type Spec = Record<string, unknown> & { schedule?: string; interval?: number };

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

// Label keys that tools add to every object and that would only be noise on checks (crds.md §1.2).
const DROPPED_LABEL = /^(pod-template-hash|kustomize\.toolkit\.fluxcd\.io)/;

export interface ProjectedCanary {
  id: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Spec;
}

/**
 * Upserts a canary's checks from its spec (keyed by canary, type, name) and soft-deletes the
 * ones no longer in it. Used by the Canary reconciler and for canaries made in the console.
 * Returns check name -> id (the Canary's status.checks).
 */
export async function projectChecks(
  db: pg.PoolClient | pg.Pool,
  canary: ProjectedCanary,
): Promise<Record<string, string>> {
  const checks: Record<string, string> = {};
  const ids: string[] = [];
  const spec = canary.spec;
  // crds.md §1.1 quirk kept for compatibility: severity and owner also become labels "true".
  const quirkLabels: Record<string, string> = {};
  if (typeof spec.severity === 'string' && spec.severity) quirkLabels[spec.severity] = 'true';
  if (typeof spec.owner === 'string' && spec.owner) quirkLabels[spec.owner] = 'true';
  for (const c of checksOf(spec)) {
    const labels = Object.fromEntries(
      Object.entries({
        ...(canary.labels ?? {}),
        ...quirkLabels,
        ...((c.spec.labels as Record<string, string> | undefined) ?? {}),
      }).filter(([k]) => !DROPPED_LABEL.test(k)),
    );
    const namespace =
      typeof c.spec.namespace === 'string' && c.spec.namespace
        ? c.spec.namespace
        : canary.namespace;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, namespace, spec, labels, description, icon, severity, owner)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (canary_id, type, name, agent_id) DO UPDATE SET spec = EXCLUDED.spec, labels = EXCLUDED.labels,
         namespace = EXCLUDED.namespace, description = EXCLUDED.description, icon = EXCLUDED.icon,
         severity = EXCLUDED.severity, owner = EXCLUDED.owner, deleted_at = NULL
       RETURNING id`,
      [
        canary.id,
        c.type,
        c.name,
        namespace,
        c.spec,
        labels,
        c.spec.description ?? null,
        c.spec.icon ?? null,
        spec.severity ?? null,
        spec.owner ?? null,
      ],
    );
    const id = rows[0]?.id as string;
    checks[c.name] = id;
    ids.push(id);
  }
  // Checks removed from the spec go away (soft delete keeps their history readable); checks a
  // transform created stay while their parent does.
  await db.query(
    `UPDATE checks SET deleted_at = now()
     WHERE canary_id = $1 AND deleted_at IS NULL AND NOT coalesce(transformed, false)
       AND NOT (id = ANY($2::uuid[]))`,
    [canary.id, ids],
  );
  return checks;
}
