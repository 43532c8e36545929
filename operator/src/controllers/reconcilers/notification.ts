import { kindByName, type KindDescriptor } from '@vigil/crds';
import type { Outcome, Reconciler } from '../reconciler.js';
import { personId, teamId } from './resolve.js';

/** NotificationRule (upstream kind Notification) -> notifications, with `to` resolved to ids. */
export const notificationReconciler = (): Reconciler => ({
  kind: kindByName('NotificationRule') as KindDescriptor,
  async apply(db, obj): Promise<Outcome> {
    const s = (obj.spec ?? {}) as Record<string, unknown>;
    const to = (s.to ?? {}) as Record<string, string | undefined>;
    const events = Array.isArray(s.events) ? (s.events as string[]) : [];
    let person: string | undefined;
    let team: string | undefined;
    let problem: Outcome['notReady'];
    if (events.length === 0)
      problem = { reason: 'InvalidSpec', message: 'spec.events needs at least one event' };
    if (to.person) {
      person = await personId(db, to.person);
      if (!person)
        problem = {
          reason: 'RecipientNotFound',
          message: `no person with id or e-mail "${to.person}"`,
        };
    } else if (to.team) {
      team = await teamId(db, to.team);
      if (!team) problem = { reason: 'RecipientNotFound', message: `no team named "${to.team}"` };
    } else if (!to.email && !to.connection && !to.url && !to.playbook && !to.webhook) {
      problem = {
        reason: 'InvalidSpec',
        message:
          'spec.to needs exactly one recipient: person, team, email, connection, url, playbook or webhook',
      };
    }
    const customServices = person || team ? null : [{ name: 'to', ...to }];
    await db.query(
      `INSERT INTO notifications (id, name, namespace, events, title, template, filter, properties, person_id, team_id,
         repeat_interval, group_by, custom_services, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'KubernetesCRD')
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, namespace = EXCLUDED.namespace, events = EXCLUDED.events,
         title = EXCLUDED.title, template = EXCLUDED.template, filter = EXCLUDED.filter, properties = EXCLUDED.properties,
         person_id = EXCLUDED.person_id, team_id = EXCLUDED.team_id, repeat_interval = EXCLUDED.repeat_interval,
         group_by = EXCLUDED.group_by, custom_services = EXCLUDED.custom_services, deleted_at = NULL`,
      [
        obj.metadata.uid,
        obj.metadata.name,
        obj.metadata.namespace ?? 'default',
        events,
        s.title ?? null,
        s.template ?? null,
        s.filter ?? null,
        to.properties ?? null,
        person ?? null,
        team ?? null,
        s.repeatInterval ?? null,
        Array.isArray(s.groupBy) ? s.groupBy : null,
        customServices === null ? null : JSON.stringify(customServices),
      ],
    );
    return problem ? { notReady: problem } : {};
  },
  async remove(db, namespace, name) {
    await db.query(
      `UPDATE notifications SET deleted_at = now() WHERE name = $1 AND namespace = $2 AND source = 'KubernetesCRD' AND deleted_at IS NULL`,
      [name, namespace],
    );
  },
});
