import type { PlaybookSpec } from '@vigil/crds';

/**
 * What docs/api/playbooks.md answers. A parameter is the Playbook schema's own (from @vigil/crds),
 * with its default templated against the resource; the rest are rows and answers of that API.
 */
export type Parameter = NonNullable<PlaybookSpec['parameters']>[number];
export type ParameterType = Parameter['type'];

/** The resource a run is about: a config, a component or a check (at most one). */
export type ResourceKind = 'config' | 'component' | 'check';
export interface RunResource {
  kind: ResourceKind;
  id: string;
}

/** The request fields naming the resource: `{ config_id }`, `{ component_id }` or `{ check_id }`. */
export function resourceFields(resource: RunResource | undefined): Record<string, string> {
  return resource ? { [`${resource.kind}_id`]: resource.id } : {};
}

/** GET /api/playbook/list: a playbook that can run against the resource. */
export interface RunnablePlaybook {
  id: string;
  name: string;
  title?: string | null;
  icon?: string | null;
  category?: string | null;
  description?: string | null;
  parameters?: Parameter[] | null;
}

export interface Person {
  id: string;
  name: string;
  avatar?: string | null;
}

/** POST /api/playbook/run (and rerun) answers 201 with the new run. */
export interface RunStarted {
  run_id: string;
  starts_at?: string;
  status?: string;
}

export interface Artifact {
  id: string;
  filename: string;
  content_type: string | null;
  size: number | null;
}

/** An action of GET /api/playbook/run/{id}. */
export interface RunAction {
  id: string;
  name: string;
  status: string;
  start_time: string | null;
  end_time: string | null;
  scheduled_time: string | null;
  result: unknown;
  error: string | null;
  retry_count?: number | null;
  artifacts?: Artifact[] | null;
}

export interface Approval {
  person_id: string | null;
  team_id: string | null;
  created_at: string;
}

/** GET /api/playbook/run/{id}. */
export interface RunDetail {
  id: string;
  playbook_id: string;
  status: string;
  parameters: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  scheduled_time: string | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  created_by: string | null;
  actions: RunAction[];
  approvals?: Approval[] | null;
}

/** The names behind a run's ids, embedded by /api/db/playbook_runs. */
export interface RunRefs {
  playbooks: {
    id: string;
    name: string;
    title: string | null;
    icon: string | null;
    spec?: PlaybookSpec | null;
  } | null;
  config: { id: string; name: string | null; type: string | null } | null;
  component: { id: string; name: string | null; icon: string | null } | null;
  check: { id: string; name: string | null; icon: string | null } | null;
  created_by: Person | null;
}

/** A playbook's title, else its name. */
export const playbookTitle = (p: { title?: string | null; name: string } | null | undefined) =>
  p ? p.title || p.name : '';
