import { kindByName, type KindDescriptor } from '@vigil/crds';
import type { Outcome, Reconciler } from '../reconciler.js';
import { personId, SYSTEM_PERSON, teamId } from './resolve.js';

/** Object lists of the Permission kind and the global object a `name: "*"` list stands for. */
const GLOBAL: Record<string, { object: string; column: string }> = {
  configs: { object: 'catalog', column: 'config_id' },
  components: { object: 'topology', column: 'component_id' },
  playbooks: { object: 'playbooks', column: 'playbook_id' },
  connections: { object: 'connection', column: 'connection_id' },
};

type Selector = { id?: string; name?: string };

/** Permission -> permissions, with the subject resolved and actions stored comma-joined. */
export const permissionReconciler = (): Reconciler => ({
  kind: kindByName('Permission') as KindDescriptor,
  async apply(db, obj): Promise<Outcome> {
    const s = (obj.spec ?? {}) as Record<string, unknown>;
    const subject = (s.subject ?? {}) as Record<string, string | undefined>;
    const object = (s.object ?? {}) as Record<string, Selector[] | undefined>;
    const actions = Array.isArray(s.actions) ? (s.actions as string[]) : [];
    const fail = (reason: string, message: string): Outcome => ({ notReady: { reason, message } });
    const person = subject.person ? await personId(db, subject.person) : undefined;
    const team = !subject.person && subject.team ? await teamId(db, subject.team) : undefined;
    let problem: Outcome | undefined;
    if (!person && !team) {
      problem = fail(
        'SubjectNotFound',
        subject.person
          ? `no person with id or e-mail "${subject.person}"`
          : subject.team
            ? `no team named "${subject.team}"`
            : 'spec.subject needs a person or a team',
      );
    }
    if (actions.length === 0)
      problem = fail('InvalidSpec', 'spec.actions needs at least one action');
    const lists = Object.entries(GLOBAL).filter(([key]) => (object[key] ?? []).length > 0);
    let globalObject: string | null = null;
    const resource: Record<string, string | null> = {
      config_id: null,
      component_id: null,
      playbook_id: null,
      connection_id: null,
    };
    if (lists.length !== 1)
      problem ??= fail(
        'InvalidSpec',
        'spec.object needs exactly one of configs, components, playbooks or connections',
      );
    else {
      const [key, target] = lists[0] as [string, { object: string; column: string }];
      const selectors = object[key] as Selector[];
      if (selectors.length === 1 && selectors[0]?.name === '*') globalObject = target.object;
      else if (selectors.length === 1 && selectors[0]?.id)
        resource[target.column] = selectors[0].id;
      else
        problem ??= fail(
          'UnsupportedObject',
          `spec.object.${key}: give one selector, name "*" (everything) or an id`,
        );
    }
    // A permission that cannot be resolved must grant nothing: remove any earlier projection.
    if (problem) {
      await db.query('DELETE FROM permissions WHERE id = $1', [obj.metadata.uid]);
      return problem;
    }
    await db.query(
      `INSERT INTO permissions (id, description, source, action, object, deny, config_id, component_id, playbook_id, connection_id,
         person_id, team_id, created_by)
       VALUES ($1, $2, 'KubernetesCRD', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET description = EXCLUDED.description, action = EXCLUDED.action, object = EXCLUDED.object,
         deny = EXCLUDED.deny, config_id = EXCLUDED.config_id, component_id = EXCLUDED.component_id,
         playbook_id = EXCLUDED.playbook_id, connection_id = EXCLUDED.connection_id, person_id = EXCLUDED.person_id,
         team_id = EXCLUDED.team_id`,
      [
        obj.metadata.uid,
        s.description ?? null,
        actions.join(','),
        globalObject,
        s.deny === true,
        resource.config_id,
        resource.component_id,
        resource.playbook_id,
        resource.connection_id,
        person ?? null,
        team ?? null,
        SYSTEM_PERSON,
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
