import {
  kindByName,
  NOTIFICATION_KINDS,
  notificationSpec,
  type KindDescriptor,
  type NotificationSpec,
} from '@vigil/crds';
import type pg from 'pg';
import { compileError } from '../../health/cel.js';
import type { K8sObject } from '../../k8s/objects.js';
import { durationMs } from '../../playbooks/spec.js';
import type { Lookup, Outcome, Reconciler, RefreshedStatus } from '../reconciler.js';
import { personId, playbookId, teamId } from './resolve.js';

type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
type Problem = NonNullable<Outcome['notReady']>;
type RecipientSpec = NotificationSpec['to'] & { delay?: string };

/** How often rule statuses follow the send history, and how soon a missing recipient is looked for again. */
export const STATUS_REFRESH_MS = 15_000;
export const RECIPIENT_RETRY_MS = 5_000;

/** A recipient as the engine reads it (the rule's own columns, or its `fallback` column). */
export interface ResolvedRecipient {
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  custom_services: Record<string, unknown>[] | null;
}

const NONE: ResolvedRecipient = {
  person_id: null,
  team_id: null,
  playbook_id: null,
  custom_services: null,
};

/**
 * `to` or `fallback` resolved to ids: a person, team or playbook by reference, anything else
 * (email, connection, url, webhook) kept as a custom service named after the field.
 */
export async function resolveRecipient(
  db: pg.PoolClient,
  field: 'to' | 'fallback',
  spec: RecipientSpec,
  namespace: string,
): Promise<{ recipient?: ResolvedRecipient; problem?: Problem }> {
  const notFound = (message: string) => ({
    recipient: NONE,
    problem: {
      reason: 'RecipientNotFound',
      message: field === 'to' ? message : `fallback: ${message}`,
    },
  });
  if (spec.person) {
    const id = await personId(db, spec.person);
    return id
      ? { recipient: { ...NONE, person_id: id } }
      : notFound(`no person with id or e-mail "${spec.person}"`);
  }
  if (spec.team) {
    const id = await teamId(db, spec.team);
    return id ? { recipient: { ...NONE, team_id: id } } : notFound(`no team named "${spec.team}"`);
  }
  if (spec.playbook) {
    const id = await playbookId(db, spec.playbook, namespace);
    return id
      ? { recipient: { ...NONE, playbook_id: id } }
      : notFound(`no playbook "${spec.playbook}"`);
  }
  if (spec.email || spec.connection || spec.url || spec.webhook) {
    const { delay: _delay, ...service } = spec;
    return { recipient: { ...NONE, custom_services: [{ name: field, ...service }] } };
  }
  return {};
}

/**
 * A duration field as whole seconds (rounded up), or the problem with it. Parsed as the engine
 * parses durations (30s, 5m, 1h30m; a bare number is seconds).
 */
function seconds(field: string, value: string | undefined): number | null | Problem {
  if (value === undefined || value === '') return null;
  const ms = durationMs(value);
  if (ms === undefined)
    return {
      reason: 'InvalidSpec',
      message: `spec.${field}: "${value}" is not a duration such as 30s, 5m or 1h`,
    };
  return Math.ceil(ms / 1000);
}

const isProblem = (v: unknown): v is Problem =>
  typeof v === 'object' && v !== null && 'reason' in v;

/** Durations kept as text; each must parse. */
function durationProblem(spec: NotificationSpec): Problem | undefined {
  const fields: [string, string | undefined][] = [
    ['repeatInterval', spec.repeatInterval],
    ['waitForEvalPeriod', spec.waitForEvalPeriod],
    ['groupByInterval', spec.groupByInterval],
    ['fallback.delay', spec.fallback?.delay],
  ];
  for (const [field, value] of fields) {
    const parsed = seconds(field, value);
    if (isProblem(parsed)) return parsed;
  }
  return undefined;
}

/** The spec with the schema's defaults (specs are stored as written). */
function specOf(obj: K8sObject): NotificationSpec {
  const parsed = notificationSpec.safeParse(obj.spec ?? {});
  if (parsed.success) return parsed.data;
  const raw = (obj.spec ?? {}) as Partial<NotificationSpec>;
  return {
    ...raw,
    events: Array.isArray(raw.events) ? raw.events : [],
    to: raw.to ?? {},
    waitForEvalPeriod: raw.waitForEvalPeriod ?? '30s',
    groupByInterval: raw.groupByInterval ?? '24h',
  } as NotificationSpec;
}

const time = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined);

interface SummaryRow {
  id: string;
  name: string;
  namespace: string;
  sent: string | number;
  failed: string | number;
  pending: string | number;
  error: string | null;
  last_sent: Date | null;
  last_failed: Date | null;
}

const SUMMARY = `SELECT id, name, namespace, sent, failed, pending, error, last_sent, last_failed
  FROM notifications_summary`;

/**
 * A rule's status fields from its send history: counts, the last send and failure, its error,
 * and `status`: error (the rule has an error), failing (the last send failed) or ok.
 */
export function statusFields(row: SummaryRow): Record<string, unknown> {
  const lastSent = row.last_sent ?? null;
  const lastFailed = row.last_failed ?? null;
  const failing = lastFailed !== null && (lastSent === null || lastFailed > lastSent);
  return {
    sent: Number(row.sent),
    failed: Number(row.failed),
    pending: Number(row.pending),
    status: row.error ? 'error' : failing ? 'failing' : 'ok',
    error: row.error ?? undefined,
    lastSent: time(lastSent),
    lastFailed: time(lastFailed),
  };
}

/**
 * Another live rule with this namespace/name (the unique (name, namespace) index allows one):
 * the problem to report, or undefined when the name is free. A row of ours whose object is gone
 * (deleted while no controller ran) is retired here so the new object can take the name.
 */
async function nameHolder(
  db: pg.PoolClient,
  kind: KindDescriptor,
  obj: K8sObject,
  namespace: string,
  lookup: Lookup,
): Promise<Problem | undefined> {
  const { name, uid } = obj.metadata;
  const { rows } = await db.query<{ id: string; source: string | null }>(
    `SELECT id, source FROM notifications
      WHERE name = $1 AND namespace = $2 AND deleted_at IS NULL AND id <> $3::uuid FOR UPDATE`,
    [name, namespace, uid],
  );
  const held = rows[0];
  if (!held) return undefined;
  const where = `"${name}" in namespace "${namespace}"`;
  if (held.source !== 'KubernetesCRD')
    return {
      reason: 'NameConflict',
      message: `a notification rule named ${where} was made in the console or the API; rename this ${kind.kind} or delete that rule`,
    };
  for (const other of NOTIFICATION_KINDS) {
    if (other === kind.kind) continue;
    const live = await lookup(kindByName(other) as KindDescriptor, namespace, name);
    if (live?.metadata.uid === held.id)
      return {
        reason: 'NameConflict',
        message: `a ${other} named ${where} already holds this name (${other} and ${kind.kind} share one list of rules); rename or delete one of them`,
      };
  }
  await db.query('UPDATE notifications SET deleted_at = now() WHERE id = $1', [held.id]);
  return undefined;
}

/**
 * NotificationRule or Notification -> notifications (id = the object's uid), with `to` and
 * `fallback` resolved to ids. Both kinds write the same table, whose (name, namespace) is
 * unique: the object that holds a name keeps it, and the other is Ready=False NameConflict
 * until the holder goes.
 */
export const notificationReconciler = (
  kindName: NotificationKind,
  opts: { statusRefreshMs?: number; recipientRetryMs?: number } = {},
): Reconciler => {
  const kind = kindByName(kindName) as KindDescriptor;
  return {
    kind,
    siblings: NOTIFICATION_KINDS.filter((k) => k !== kindName),
    async apply(db, obj, lookup): Promise<Outcome> {
      const namespace = obj.metadata.namespace ?? 'default';
      // Both kinds' reconciles of one name run one at a time.
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `notifications/${namespace}/${obj.metadata.name}`,
      ]);
      const conflict = await nameHolder(db, kind, obj, namespace, lookup);
      if (conflict) return { notReady: conflict };

      const s = specOf(obj);
      const problems: Problem[] = [];
      if (s.events.length === 0)
        problems.push({ reason: 'InvalidSpec', message: 'spec.events needs at least one event' });
      const filterError = s.filter?.trim() ? compileError(s.filter) : undefined;
      if (filterError)
        problems.push({
          reason: 'InvalidFilter',
          message: `spec.filter does not compile: ${filterError}`,
        });
      const waitFor = seconds('waitFor', s.waitFor);
      if (isProblem(waitFor)) problems.push(waitFor);
      const durations = durationProblem(s);
      if (durations) problems.push(durations);

      const primary = await resolveRecipient(db, 'to', s.to, namespace);
      if (!primary.recipient && !primary.problem)
        problems.push({
          reason: 'InvalidSpec',
          message:
            'spec.to needs exactly one recipient: person, team, email, connection, url, playbook or webhook',
        });
      const fallback = s.fallback
        ? await resolveRecipient(db, 'fallback', s.fallback, namespace)
        : {};
      const missing = [primary.problem, fallback.problem].filter((p): p is Problem => !!p);
      problems.push(...missing);

      const to = primary.recipient ?? NONE;
      await db.query(
        `INSERT INTO notifications (id, name, namespace, events, title, template, filter, properties,
           person_id, team_id, playbook_id, custom_services, fallback, fallback_delay, repeat_interval,
           wait_for, wait_for_eval_period, group_by, group_by_interval, inhibitions, source)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
           $19, $20, 'KubernetesCRD')
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, namespace = EXCLUDED.namespace,
           events = EXCLUDED.events, title = EXCLUDED.title, template = EXCLUDED.template,
           filter = EXCLUDED.filter, properties = EXCLUDED.properties,
           person_id = EXCLUDED.person_id, team_id = EXCLUDED.team_id,
           playbook_id = EXCLUDED.playbook_id, custom_services = EXCLUDED.custom_services,
           fallback = EXCLUDED.fallback, fallback_delay = EXCLUDED.fallback_delay,
           repeat_interval = EXCLUDED.repeat_interval, wait_for = EXCLUDED.wait_for,
           wait_for_eval_period = EXCLUDED.wait_for_eval_period, group_by = EXCLUDED.group_by,
           group_by_interval = EXCLUDED.group_by_interval, inhibitions = EXCLUDED.inhibitions,
           source = EXCLUDED.source, deleted_at = NULL`,
        [
          obj.metadata.uid,
          obj.metadata.name,
          namespace,
          s.events,
          s.title ?? null,
          s.template ?? null,
          s.filter ?? null,
          s.to.properties ?? null,
          to.person_id,
          to.team_id,
          to.playbook_id,
          to.custom_services === null ? null : JSON.stringify(to.custom_services),
          fallback.recipient ? JSON.stringify(fallback.recipient) : null,
          s.fallback?.delay ?? null,
          s.repeatInterval ?? null,
          isProblem(waitFor) ? null : waitFor,
          s.waitForEvalPeriod ?? null,
          s.groupBy?.length ? s.groupBy : null,
          s.groupByInterval ?? null,
          s.inhibitions ? JSON.stringify(s.inhibitions) : null,
        ],
      );
      const { rows } = await db.query<SummaryRow>(`${SUMMARY} WHERE id = $1`, [obj.metadata.uid]);
      const outcome: Outcome = rows[0] ? { status: statusFields(rows[0]) } : {};
      if (problems[0]) outcome.notReady = problems[0];
      // A person, team or playbook may be created later (`kubectl apply -f dir/` applies in
      // file order): look again until it is there.
      if (missing.length) outcome.requeueAfterMs = opts.recipientRetryMs ?? RECIPIENT_RETRY_MS;
      return outcome;
    },
    async remove(db, namespace, name, gone) {
      if (gone.uid) {
        await db.query(
          'UPDATE notifications SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL',
          [gone.uid],
        );
        return;
      }
      // Its uid is unknown (removed before this process reconciled it): retire rows of that
      // name that no live object of either kind holds.
      const live = await Promise.all(
        NOTIFICATION_KINDS.map((k) =>
          gone.lookup(kindByName(k) as KindDescriptor, namespace, name),
        ),
      );
      const keep = live.flatMap((o) => (o?.metadata.uid ? [o.metadata.uid] : []));
      await db.query(
        `UPDATE notifications SET deleted_at = now()
          WHERE name = $1 AND namespace = $2 AND source = 'KubernetesCRD' AND deleted_at IS NULL
            AND NOT (id = ANY($3::uuid[]))`,
        [name, namespace, keep],
      );
    },
    refreshStatus: {
      everyMs: opts.statusRefreshMs ?? STATUS_REFRESH_MS,
      async read(db): Promise<RefreshedStatus[]> {
        const { rows } = await db.query<SummaryRow>(`${SUMMARY} WHERE source = 'KubernetesCRD'`);
        return rows.map((row) => ({
          uid: row.id,
          namespace: row.namespace,
          name: row.name,
          fields: statusFields(row),
        }));
      },
    },
  };
};
