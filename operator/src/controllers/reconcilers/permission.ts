import { kindByName, type KindDescriptor } from '@vigil/crds';
import type { Outcome, Reconciler } from '../reconciler.js';
import { permissionTarget } from '../../auth/permissionSpec.js';
import { notificationId, personId, SYSTEM_PERSON, teamId } from './resolve.js';

/** Permission -> permissions, with the subject resolved and actions stored comma-joined. */
export const permissionReconciler = (): Reconciler => ({
  kind: kindByName('Permission') as KindDescriptor,
  async apply(db, obj): Promise<Outcome> {
    const s = (obj.spec ?? {}) as Record<string, unknown>;
    const subject = (s.subject ?? {}) as Record<string, string | undefined>;
    const actions = Array.isArray(s.actions) ? (s.actions as string[]) : [];
    const deny = s.deny === true;
    const fail = (reason: string, message: string): Outcome => ({ notReady: { reason, message } });
    const person = subject.person ? await personId(db, subject.person) : undefined;
    const team = !subject.person && subject.team ? await teamId(db, subject.team) : undefined;
    const rule =
      !subject.person && !subject.team && subject.notification
        ? await notificationId(db, subject.notification, obj.metadata.namespace ?? 'default')
        : undefined;
    let problem: Outcome | undefined;
    if (!person && !team && !rule) {
      problem = fail(
        'SubjectNotFound',
        subject.person
          ? `no person with id or e-mail "${subject.person}"`
          : subject.team
            ? `no team named "${subject.team}"`
            : subject.notification
              ? `no notification rule "${subject.notification}" (namespace/name or id); this is checked again shortly`
              : 'spec.subject needs a person, a team or a notification',
      );
      // The rule may simply not be applied yet (kubectl apply -f of a folder).
      if (subject.notification) problem = { ...problem, requeueAfterMs: 5000 };
    }
    if (actions.length === 0)
      problem = fail('InvalidSpec', 'spec.actions needs at least one action');
    const target = permissionTarget(s.object, deny);
    if (target.problem) problem ??= fail(target.problem.reason, target.problem.message);
    // A permission that cannot be resolved must grant nothing: remove any earlier projection.
    if (problem) {
      await db.query('DELETE FROM permissions WHERE id = $1', [obj.metadata.uid]);
      return problem;
    }
    await db.query(
      `INSERT INTO permissions (id, description, source, action, object, object_selector, deny,
         person_id, team_id, created_by, notification_id)
       VALUES ($1, $2, 'KubernetesCRD', $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET description = EXCLUDED.description, action = EXCLUDED.action,
         object = EXCLUDED.object, object_selector = EXCLUDED.object_selector, deny = EXCLUDED.deny,
         config_id = NULL, component_id = NULL, playbook_id = NULL, connection_id = NULL,
         canary_id = NULL, check_id = NULL, person_id = EXCLUDED.person_id, team_id = EXCLUDED.team_id,
         notification_id = EXCLUDED.notification_id`,
      [
        obj.metadata.uid,
        s.description ?? null,
        actions.join(','),
        target.global ?? null,
        target.selector ? JSON.stringify(target.selector) : null,
        deny,
        person ?? null,
        team ?? null,
        SYSTEM_PERSON,
        rule ?? null,
      ],
    );
    return {};
  },
  async remove(db, _namespace, _name) {
    // Rows are keyed by the resource uid, which is gone with it; KubernetesCRD rows without a
    // live resource are swept.
    await db.query(
      `DELETE FROM permissions p WHERE source = 'KubernetesCRD' AND NOT EXISTS (SELECT 1 FROM resources r WHERE r.uid = p.id)`,
    );
  },
});
