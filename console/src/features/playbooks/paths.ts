/** The playbooks area's routes (spec 001 §2, spec 002 §2). */
export const PLAYBOOKS_PATH = '/playbooks';
export const RUNS_PATH = '/playbooks/runs';
export const NEW_PLAYBOOK_PATH = '/playbooks/new';

export const playbookPath = (id: string) => `${PLAYBOOKS_PATH}/${encodeURIComponent(id)}`;
export const runPath = (id: string) => `${RUNS_PATH}/${encodeURIComponent(id)}`;
/** The run list filtered to one playbook. */
export const playbookRunsPath = (id: string) =>
  `${RUNS_PATH}?${new URLSearchParams({ playbook: id }).toString()}`;

/** Where each kind of resource a run is about is shown. */
export const configHref = (id: string) => `/catalog/${encodeURIComponent(id)}`;
export const componentHref = (id: string) => `/topology/${encodeURIComponent(id)}`;
export const checkHref = (id: string) =>
  `/health?${new URLSearchParams({ checkId: id }).toString()}`;

/** GET /api/playbook/artifacts/{id}: an artifact an action kept. */
export const artifactHref = (id: string) => `/api/playbook/artifacts/${encodeURIComponent(id)}`;
