import { decide, denial, RESOURCE_OBJECT, type Subject } from '../auth/policy.js';
import type { ResourceAttrs } from '../auth/scope.js';
import type { PlaybookRow } from './match.js';
import type { LoadedTarget } from './resources.js';

/**
 * Who may run, approve and cancel (crds.md §4.5, §6): the one policy module decides, over the
 * playbook and the resource the run is about together, so a Permission can grant one playbook
 * on prod configs only, and a deny on either side wins. Reading the resource is needed too:
 * a run would otherwise show what the person cannot see.
 */

export const playbookAttrs = (
  p: Pick<PlaybookRow, 'id' | 'name' | 'namespace'>,
): ResourceAttrs => ({
  kind: 'playbook',
  id: p.id,
  name: p.name,
  namespace: p.namespace,
});

export type PlaybookVerb = 'run' | 'approve' | 'cancel';

/** The reason the subject may not do `verb` with this playbook and target, or undefined. */
export function refusal(
  subject: Subject,
  verb: PlaybookVerb,
  playbook: Pick<PlaybookRow, 'id' | 'name' | 'namespace'>,
  target: LoadedTarget | undefined,
): string | undefined {
  const resources = [playbookAttrs(playbook), ...(target?.attrs ?? [])];
  if (target) {
    const object = RESOURCE_OBJECT[target.kind];
    if (!decide(subject, object, 'read', target.attrs).allowed)
      return `${denial(subject, object, 'read', target.attrs)} (${target.kind} ${target.id})`;
    // A Permission that denies running playbooks on this resource wins over any grant.
    const onTarget = decide(subject, object, verb, resources);
    if (onTarget.rule?.deny) return denial(subject, object, verb, resources);
  }
  if (!decide(subject, 'playbooks', verb, resources).allowed)
    return denial(subject, 'playbooks', verb, resources);
  return undefined;
}
